// Anonymous writes are bounded (docs/product.md §10, Accounts and security). Favorite and
// sleep-timer changes are rate limited
// per client network, an owner keeps at most favoritesPerOwnerLimit favorites, and anonymous
// owners record when they last used their favorites, so the cron can prune the abandoned ones.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { favoritesPerOwnerLimit } from "#schema/rules.ts";
import { getConfig } from "#worker/lib/config.ts";
import { getDb } from "#worker/lib/db.ts";
import { deleteUntouchedAnonymousFavorites } from "#worker/lib/favorites.ts";
import { type RecordedStatement, recordingD1 } from "./support/d1-recorder";
import { sendJson } from "./support/request";
import { clearTables } from "./support/reset";
import { newSession } from "./support/session";
import { anonymousId, uniqueIp } from "./support/unique";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
/** The route files' limits: 100 favorite and 30 sleep-timer changes per client in 10 minutes. */
const favoriteWrites = 100;
const sleepTimerWrites = 30;

type Client = { ip: string; cookie?: string };

/** A same-origin JSON call from the client's address. */
function send(method: string, path: string, body: unknown, client: Client): Promise<Response> {
  const headers: Record<string, string> = { Origin: "http://localhost", "CF-Connecting-IP": client.ip };
  if (client.cookie) headers.Cookie = client.cookie;
  return sendJson(method, path, body, headers);
}

const track = (n: number | string) => ({ trackTitle: `Track ${n}`, trackArtist: `Artist ${n}` });
const add = (client: Client, sessionId: string, n: number | string) =>
  send("POST", "/api/favorites", { sessionId, ...track(n) }, client);

/** `count` favorites of `owner` straight into D1, "Track 0" … as their titles. */
async function insertFavorites(owner: string, count: number, userId: string | null = null): Promise<void> {
  const insert = env.DB.prepare(
    "insert into favorites (id, session_id, user_id, track_title, track_artist) values (?1, ?2, ?3, ?4, ?5)",
  );
  await env.DB.batch(
    Array.from({ length: count }, (_, i) =>
      insert.bind(crypto.randomUUID(), owner, userId, `Track ${i}`, `Artist ${i}`),
    ),
  );
}

async function favoriteCount(owner: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from favorites where session_id = ?1")
    .bind(owner)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The owner's touched_at, or null when it has no owner row. */
async function touchedAt(owner: string): Promise<number | null> {
  const row = await env.DB.prepare("select touched_at from anonymous_owners where session_id = ?1")
    .bind(owner)
    .first<{ touched_at: number }>();
  return row?.touched_at ?? null;
}

async function setTouchedAt(owner: string, at: number): Promise<void> {
  await env.DB.prepare(
    "insert into anonymous_owners (session_id, touched_at) values (?1, ?2) on conflict (session_id) do update set touched_at = ?2",
  )
    .bind(owner, at)
    .run();
}

async function expectTooMany(res: Response, what: string) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(9 * 60);
  expect(retryAfter).toBeLessThanOrEqual(10 * 60);
  expect(await res.json()).toEqual({
    error: "too_many_requests",
    message: `Too many ${what}. Please try again in 10 minutes.`,
  });
}

beforeEach(() => clearTables("favorites", "anonymous_owners"));

describe("the favorites rate limit", () => {
  it("meets 150 anonymous favorites from one client with fresh session ids with a 429 after 100", async () => {
    const client = { ip: uniqueIp() };
    const owners = Array.from({ length: 150 }, () => anonymousId());
    const statuses: number[] = [];
    for (const [i, owner] of owners.entries()) statuses.push((await add(client, owner, i)).status);
    expect(statuses.indexOf(429)).toBe(favoriteWrites);
    expect(statuses.filter((s) => s === 201)).toHaveLength(favoriteWrites);
    expect(statuses.slice(favoriteWrites).every((s) => s === 429)).toBe(true);
    await expectTooMany(await add(client, anonymousId(), "late"), "favorite changes");
    const stored = await Promise.all(owners.map(favoriteCount));
    expect(stored.reduce((a, b) => a + b, 0)).toBe(favoriteWrites);
    // Another client is not affected.
    expect((await add({ ip: uniqueIp() }, anonymousId(), "elsewhere")).status).toBe(201);
  });

  it("counts removals and moves at login against the same limit, and never reads", async () => {
    const user = await newSession("user");
    const client = { ip: uniqueIp(), cookie: user.cookie };
    const owner = anonymousId();
    for (let i = 0; i < favoriteWrites - 1; i++) {
      expect((await send("DELETE", `/api/favorites/${owner}`, track(i), client)).status).toBe(200);
    }
    const migrate = () => send("POST", "/api/auth/migrate-favorites", { sessionId: owner }, client);
    expect((await migrate()).status).toBe(200);
    await expectTooMany(await migrate(), "favorite changes");
    await expectTooMany(
      await send("DELETE", `/api/favorites/${owner}`, track(1), client),
      "favorite changes",
    );
    await expectTooMany(await add(client, user.id, 1), "favorite changes");
    const list = await send("GET", `/api/favorites/${owner}`, undefined, client);
    expect(list.status).toBe(200);
  });

  it("does not count a request that fails validation", async () => {
    const client = { ip: uniqueIp() };
    for (let i = 0; i < favoriteWrites + 5; i++) {
      const res = await send("POST", "/api/favorites", { sessionId: anonymousId(), trackTitle: " " }, client);
      expect(res.status).toBe(400);
    }
    expect((await add(client, anonymousId(), 1)).status).toBe(201);
  });
});

describe("the sleep-timer rate limit", () => {
  it("answers 429 to the 31st start or cancel from one client, and not to another client", async () => {
    const client = { ip: uniqueIp() };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const path = `/api/sleep-timer/${anonymousId()}`;
      const res =
        i % 2
          ? await send("DELETE", path, undefined, client)
          : await send("POST", path, { minutes: 15 }, client);
      statuses.push(res.status);
    }
    expect(statuses.indexOf(429)).toBe(sleepTimerWrites);
    expect(statuses.filter((s) => s === 200)).toHaveLength(sleepTimerWrites);
    await expectTooMany(
      await send("POST", `/api/sleep-timer/${anonymousId()}`, { minutes: 30 }, client),
      "sleep timer changes",
    );
    expect((await send("GET", `/api/sleep-timer/${anonymousId()}`, undefined, client)).status).toBe(200);
    const other = await send(
      "POST",
      `/api/sleep-timer/${anonymousId()}`,
      { minutes: 30 },
      { ip: uniqueIp() },
    );
    expect(other.status).toBe(200);
  });
});

describe("the favorites an owner keeps", () => {
  const full = {
    error: "favorites_full",
    message: `You have reached the limit of ${favoritesPerOwnerLimit} favorites. Remove one to add another.`,
  };

  it("refuses a new favorite at the limit with 409, still answers one the owner has, and adds after a removal", async () => {
    const owner = anonymousId();
    await insertFavorites(owner, favoritesPerOwnerLimit);
    const client = { ip: uniqueIp() };
    const refused = await add(client, owner, "one too many");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(full);
    expect(await favoriteCount(owner)).toBe(favoritesPerOwnerLimit);

    const again = await send(
      "POST",
      "/api/favorites",
      { sessionId: owner, trackTitle: "TRACK 7", trackArtist: "artist 7" },
      client,
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ sessionId: owner, trackTitle: "Track 7" });

    expect(await (await send("DELETE", `/api/favorites/${owner}`, track(7), client)).json()).toEqual({
      removed: true,
    });
    expect((await add(client, owner, "one too many")).status).toBe(201);
    expect((await add(client, owner, "and another")).status).toBe(409);
    expect(await favoriteCount(owner)).toBe(favoritesPerOwnerLimit);
  });

  it("holds a logged-in user to the same limit, one short of it still adds", async () => {
    const user = await newSession("user");
    await insertFavorites(user.id, favoritesPerOwnerLimit - 1, user.id);
    const client = { ip: uniqueIp(), cookie: user.cookie };
    expect((await add(client, user.id, "last one")).status).toBe(201);
    const refused = await add(client, user.id, "one too many");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(full);
  });

  it("lets the move at login take a user past the limit; adding is refused until under it", async () => {
    const user = await newSession("user");
    const session = anonymousId();
    const client = { ip: uniqueIp(), cookie: user.cookie };
    await insertFavorites(user.id, favoritesPerOwnerLimit - 1, user.id);
    for (const name of ["a", "b", "c"]) expect((await add(client, session, name)).status).toBe(201);
    const moved = await send("POST", "/api/auth/migrate-favorites", { sessionId: session }, client);
    expect(await moved.json()).toEqual({ migrated: 3 });
    expect(await favoriteCount(user.id)).toBe(favoritesPerOwnerLimit + 2);
    expect((await add(client, user.id, "d")).status).toBe(409);
  });
});

describe("when an anonymous owner last used its favorites", () => {
  it("is recorded on add and remove, never for a user", async () => {
    const owner = anonymousId();
    const client = { ip: uniqueIp() };
    const before = Date.now();
    await add(client, owner, 1);
    expect(await touchedAt(owner)).toBeGreaterThanOrEqual(before);
    await setTouchedAt(owner, before - 30 * day);
    await send("DELETE", `/api/favorites/${owner}`, track(1), client);
    expect(await touchedAt(owner)).toBeGreaterThanOrEqual(before);

    const user = await newSession("user");
    expect((await add({ ...client, cookie: user.cookie }, user.id, 1)).status).toBe(201);
    expect(await touchedAt(user.id)).toBeNull();
  });

  it("is recorded by a read at most once a day, and not at all for an id that never added", async () => {
    const owner = anonymousId();
    const client = { ip: uniqueIp() };
    await add(client, owner, 1);
    const reads = [
      () => send("GET", `/api/favorites/${owner}`, undefined, client),
      () =>
        send(
          "GET",
          `/api/favorites/${owner}/check?trackTitle=Track%201&trackArtist=Artist%201`,
          undefined,
          client,
        ),
    ];
    for (const read of reads) {
      const recent = Date.now() - 23 * hour;
      await setTouchedAt(owner, recent);
      expect((await read()).status).toBe(200);
      expect(await touchedAt(owner)).toBe(recent);

      const stale = Date.now() - 25 * hour;
      await setTouchedAt(owner, stale);
      const before = Date.now();
      expect((await read()).status).toBe(200);
      expect(await touchedAt(owner)).toBeGreaterThanOrEqual(before);
    }
    const stranger = anonymousId();
    expect(await (await send("GET", `/api/favorites/${stranger}`, undefined, client)).json()).toEqual([]);
    expect((await send("DELETE", `/api/favorites/${stranger}`, track(1), client)).status).toBe(200);
    expect(await touchedAt(stranger)).toBeNull();
  });

  it("is forgotten when the session's favorites move to a user", async () => {
    const user = await newSession("user");
    const owner = anonymousId();
    const client = { ip: uniqueIp(), cookie: user.cookie };
    await add(client, owner, 1);
    expect(await touchedAt(owner)).not.toBeNull();
    await send("POST", "/api/auth/migrate-favorites", { sessionId: owner }, client);
    expect(await touchedAt(owner)).toBeNull();
  });
});

describe("pruning untouched anonymous favorites", () => {
  it("deletes the longest untouched owners first, at most the given number per run", async () => {
    const now = Date.now();
    const owners = [40, 50, 45, 10].map((days) => ({ id: anonymousId(), touched: now - days * day }));
    for (const owner of owners) {
      await insertFavorites(owner.id, 3);
      await setTouchedAt(owner.id, owner.touched);
    }
    const ids = owners.map((owner) => owner.id);
    const db = getDb(env.DB);
    expect(await deleteUntouchedAnonymousFavorites(db, now - 30 * day, 2)).toBe(6);
    expect(await Promise.all(ids.map(favoriteCount))).toEqual([3, 0, 0, 3]);
    expect(await Promise.all(ids.map(touchedAt))).toEqual([
      owners[0]?.touched,
      null,
      null,
      owners[3]?.touched,
    ]);
    expect(await deleteUntouchedAnonymousFavorites(db, now - 30 * day, 2)).toBe(3);
    expect(await Promise.all(ids.map(favoriteCount))).toEqual([0, 0, 0, 3]);
    expect(await deleteUntouchedAnonymousFavorites(db, now - 30 * day, 2)).toBe(0);
  });

  it("finds the favorites by their owners, never by reading every anonymous favorite", async () => {
    const seen: RecordedStatement[] = [];
    await deleteUntouchedAnonymousFavorites(getDb(recordingD1(seen)), Date.now() - 30 * day);
    const favoritesDelete = seen.find((s) => /^delete from "favorites"/.test(s.sql));
    if (!favoritesDelete) throw new Error("no delete from favorites was prepared");
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${favoritesDelete.sql}`)
      .bind(...favoritesDelete.params)
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail);
    // favorites_user_idx would pass the cron-indexes check while reading every row whose user_id is null.
    expect(plan).toContain("SEARCH favorites USING INDEX favorites_owner_track_uq (session_id=?)");
    expect(plan.join("\n")).not.toMatch(/favorites_user_idx|^SCAN/m);
  });
});

describe("ANONYMOUS_FAVORITES_RETENTION_DAYS", () => {
  it("defaults to 365 days and refuses what is not a whole number of days from 1 to 3650", () => {
    const { ANONYMOUS_FAVORITES_RETENTION_DAYS: _unset, ...rest } = { ...env } as Record<string, unknown>;
    expect(getConfig(rest).ANONYMOUS_FAVORITES_RETENTION_DAYS).toBe(365);
    expect(
      getConfig({ ...env, ANONYMOUS_FAVORITES_RETENTION_DAYS: "30" }).ANONYMOUS_FAVORITES_RETENTION_DAYS,
    ).toBe(30);
    for (const bad of ["0", "3651", "1.5", "a year"]) {
      expect(() => getConfig({ ...env, ANONYMOUS_FAVORITES_RETENTION_DAYS: bad })).toThrow(
        /ANONYMOUS_FAVORITES_RETENTION_DAYS/,
      );
    }
  });
});
