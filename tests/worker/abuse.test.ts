// Abuse from many addresses (ADR 032): every per-client limit holds for one network,
// and an attacker holds many. Budgets for the whole site bound what all clients together store
// and mail; an IPv6 /48 counts as well as its /64s; the live room takes only the site's pages
// and refuses sockets past a network's and a shard's ceiling. Each test here fails on the code
// before that work.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { listening } from "#schema/listener-rules.ts";
import { refreshTrackHistory } from "#worker/lib/cron.ts";
import { getDb } from "#worker/lib/db.ts";
import { migrateFavorites } from "#worker/lib/favorites.ts";
import { readListeningSummary } from "#worker/lib/listening.ts";
import { livePassesPerSocketPerHour } from "#worker/lib/live-passes.ts";
import { widerNetworkShare } from "#worker/lib/rate-limit.ts";
import type { LiveShard } from "#worker/live/index.ts";
import { requestLink } from "./support/auth";
import { type RecordedStatement, recordingD1 } from "./support/d1-recorder";
import { type Bindings, postJson, request } from "./support/request";
import { clearTables } from "./support/reset";
import { newSession } from "./support/session";
import { anonymousId, uniqueEmail, uniqueIp } from "./support/unique";

beforeEach(() =>
  clearTables("rate_limits", "favorites", "anonymous_owners", "contact_messages", "listening_sessions"),
);

/** Each call from a network of its own: no per-client limit is ever reached. */
const fromEverywhere = (path: string, body: unknown, bindings: Bindings) =>
  postJson(path, body, { ip: uniqueIp(), bindings });

async function expectSiteBusy(res: Response) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await res.json()).toEqual({
    error: "site_busy",
    message: expect.stringMatching(/try again in \d+ minute/),
  });
}

const count = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;

describe("the site's budgets, for all clients together", () => {
  it("refuse anonymous favorites past the hour's budget, whatever the address, and say so in /api/health", async () => {
    const bindings = { SITE_BUDGET_FAVORITES_PER_HOUR: "3" };
    const add = (n: number) =>
      fromEverywhere(
        "/api/favorites",
        { sessionId: anonymousId(), trackTitle: `Title ${n}`, trackArtist: "Artist" },
        bindings,
      );
    for (let n = 0; n < 3; n++) expect((await add(n)).status).toBe(201);
    await expectSiteBusy(await add(3));
    expect(await count("select count(*) as n from favorites")).toBe(3);

    const health = await request("/api/health", {}, bindings);
    expect((await health.json()) as { budgetsSpent: unknown[] }).toMatchObject({
      budgetsSpent: [{ name: "anonymous-favorites", limit: 3, until: expect.any(String) }],
    });
  });

  it("refuse contact messages past the budget, storing none of them", async () => {
    const bindings = { SITE_BUDGET_CONTACT_PER_HOUR: "2" };
    const marker = crypto.randomUUID();
    const send = () =>
      fromEverywhere("/api/contact", { name: "Flood", message: `hello ${marker}` }, bindings);
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    await expectSiteBusy(await send());
    expect(
      await count("select count(*) as n from contact_messages where message like ?1", `%${marker}%`),
    ).toBe(2);
  });

  it("refuse login links past the mail budget, the same for any address (nothing mailed)", async () => {
    const bindings = { SITE_BUDGET_MAIL_PER_HOUR: "2" };
    const emails = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    for (const email of emails.slice(0, 2)) {
      expect((await requestLink(email, { ip: uniqueIp(), bindings })).status).toBe(200);
    }
    await expectSiteBusy(await requestLink(emails[2] as string, { ip: uniqueIp(), bindings }));
    expect(await count("select count(*) as n from dev_outbox where to_email = ?1", emails[2])).toBe(0);
  });

  it("refuse new stretches of listening past the budget, while stretches begun go on", async () => {
    const bindings = { SITE_BUDGET_LISTENING_PER_HOUR: "2" };
    const stretch = () => ({
      sessionId: anonymousId(),
      listeningId: crypto.randomUUID(),
      startedAt: Date.now(),
      quality: "hd",
    });
    const first = stretch();
    expect((await fromEverywhere("/api/listening", first, bindings)).status).toBe(200);
    expect((await fromEverywhere("/api/listening", stretch(), bindings)).status).toBe(200);
    await expectSiteBusy(await fromEverywhere("/api/listening", stretch(), bindings));
    // The first listener's stop is still recorded.
    expect((await fromEverywhere("/api/listening", { ...first, ended: true }, bindings)).status).toBe(200);
    expect(
      await count(
        "select count(*) as n from listening_sessions where id = ?1 and closed = 1",
        first.listeningId,
      ),
    ).toBe(1);
  });
});

describe("one owner's listening, written from many networks", () => {
  const begin = (sessionId: string) =>
    postJson(
      "/api/listening",
      { sessionId, listeningId: crypto.randomUUID(), startedAt: Date.now(), quality: "hd" },
      { ip: uniqueIp() },
    );

  it("has at most listening.openPerOwner stretches playing at once: the summary reads no pile of overlaps", async () => {
    const owner = anonymousId();
    for (let i = 0; i < listening.openPerOwner; i++) expect((await begin(owner)).status).toBe(200);
    const refused = await begin(owner);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await count("select count(*) as n from listening_sessions where session_id = ?1", owner)).toBe(
      listening.openPerOwner,
    );
    // Another listener is not held back by it.
    expect((await begin(anonymousId())).status).toBe(200);
  });

  it("begins at most listening.perOwnerPerDay stretches a day, however they end", async () => {
    const owner = anonymousId();
    const insert = env.DB.prepare(
      "insert into listening_sessions (id, session_id, started_at, ended_at, duration_seconds, quality, closed) values (?1, ?2, ?3, ?3, 0, 'hd', 1)",
    );
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: listening.perOwnerPerDay - 1 }, (_, i) =>
        insert.bind(crypto.randomUUID(), owner, now - i * 60_000),
      ),
    );
    expect((await begin(owner)).status).toBe(200);
    expect((await begin(owner)).status).toBe(429);
  });
});

describe("/api/health under a flood", () => {
  it("answers from the isolate's copy for PUBLIC_CACHE_SECONDS, reading nothing per request", async () => {
    const seen: RecordedStatement[] = [];
    const bindings = { PUBLIC_CACHE_SECONDS: "5", DB: recordingD1(seen) };
    const first = await request("/api/health", {}, bindings);
    const read = seen.length;
    expect(read).toBeGreaterThan(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request(`/api/health?flood=${i}`, {}, bindings)),
    );
    expect(seen.length).toBe(read);
    const body = await first.text();
    for (const res of answers) {
      expect(res.status).toBe(first.status);
      expect(await res.text()).toBe(body);
    }
  });
});

describe("the cron", () => {
  it("deletes contact messages older than CONTACT_RETENTION_DAYS, keeping newer ones", async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const insert = env.DB.prepare(
      "insert into contact_messages (id, name, message, created_at) values (?1, 'Old', 'm', ?2)",
    );
    await env.DB.batch([insert.bind("old", now - 181 * day), insert.bind("new", now - 179 * day)]);
    await refreshTrackHistory(env, now, async () => ({ title: "", artist: "" }));
    const left = await env.DB.prepare("select id from contact_messages").all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(["new"]);
  });
});

describe("the rows the site keeps at most (ADR 034)", () => {
  const day = 24 * 60 * 60 * 1000;
  const kept = (name: string) => count("select n from row_counts where name = ?1", name);
  const addFavorites = async (owner: string, touchedAt: number, n: number, userId: string | null = null) => {
    const insert = env.DB.prepare(
      "insert into favorites (id, session_id, user_id, track_title, track_artist) values (?1, ?2, ?3, ?4, 'Artist')",
    );
    await env.DB.batch([
      ...Array.from({ length: n }, (_, i) => insert.bind(crypto.randomUUID(), owner, userId, `Title ${i}`)),
      ...(userId
        ? []
        : [
            env.DB.prepare("insert into anonymous_owners (session_id, touched_at) values (?1, ?2)").bind(
              owner,
              touchedAt,
            ),
          ]),
    ]);
  };
  const addStretch = (owner: string, startedAt: number) =>
    env.DB.prepare(
      "insert into listening_sessions (id, session_id, started_at, ended_at, duration_seconds, closed) values (?1, ?2, ?3, ?3 + 600000, 600, 1)",
    )
      .bind(crypto.randomUUID(), owner, startedAt)
      .run();
  const cronWith = (bindings: Record<string, string>, now: number) =>
    refreshTrackHistory({ ...env, ...bindings }, now, async () => ({ title: "", artist: "" }));

  it("counts anonymous favorites and stretches in one row each, as rows come, move to a user and go", async () => {
    const user = await newSession("user");
    const anonymous = anonymousId();
    await addFavorites(anonymous, Date.now(), 3);
    await addFavorites(user.id, Date.now(), 2, user.id);
    expect(await kept("anonymous_favorites")).toBe(3);
    await addStretch(anonymous, Date.now());
    await addStretch(anonymousId(), Date.now());
    expect(await kept("listening_sessions")).toBe(2);

    // Logging in moves the anonymous favorites to the user: they count no more.
    expect(await migrateFavorites(getDb(env.DB), anonymous, user.id)).toBe(1);
    expect(await kept("anonymous_favorites")).toBe(0);
    await addFavorites(anonymousId(), Date.now(), 4);
    await env.DB.prepare(
      "delete from favorites where rowid in (select rowid from favorites where user_id is null limit 1)",
    ).run();
    await env.DB.prepare(
      "delete from listening_sessions where rowid in (select rowid from listening_sessions limit 1)",
    ).run();
    expect(await kept("anonymous_favorites")).toBe(
      await count("select count(*) as n from favorites where user_id is null"),
    );
    expect(await kept("anonymous_favorites")).toBe(3);
    expect(await kept("listening_sessions")).toBe(1);
  });

  it("prune anonymous favorites past ANONYMOUS_FAVORITES_MAX_ROWS, untouched longest first, never an owner of the last week", async () => {
    const now = Date.now();
    const [longest, older, recent] = [anonymousId(), anonymousId(), anonymousId()];
    await addFavorites(longest, now - 30 * day, 3);
    await addFavorites(older, now - 10 * day, 3);
    await addFavorites(recent, now - 1 * day, 3);
    const owners = async () =>
      (
        await env.DB.prepare("select distinct session_id from favorites order by session_id").all<{
          session_id: string;
        }>()
      ).results.map((r) => r.session_id);

    // One row too many: the owner untouched longest goes, the rest stay.
    await cronWith({ ANONYMOUS_FAVORITES_MAX_ROWS: "8" }, now);
    expect(await owners()).toEqual([older, recent].sort());
    await cronWith({ ANONYMOUS_FAVORITES_MAX_ROWS: "6" }, now);
    expect(await owners()).toEqual([older, recent].sort());
    // Far past the cap: what the last week touched stays, whatever the count.
    await cronWith({ ANONYMOUS_FAVORITES_MAX_ROWS: "1" }, now);
    expect(await owners()).toEqual([recent]);
    expect(await kept("anonymous_favorites")).toBe(3);
  });

  it("prune the oldest stretches past LISTENING_MAX_ROWS, never one of the last week, and keep their owner's total", async () => {
    const now = Date.now();
    const owner = anonymousId();
    for (const daysAgo of [30, 20, 10, 1, 0]) await addStretch(owner, now - daysAgo * day - 60_000);
    const summary = () => readListeningSummary(getDb(env.DB), { sessionId: owner, userId: null }, now);
    expect(await summary()).toMatchObject({ totalSeconds: 5 * 600, sessions: 5, weekSeconds: 2 * 600 });
    const startedDaysAgo = async () =>
      (
        await env.DB.prepare("select started_at from listening_sessions order by started_at").all<{
          started_at: number;
        }>()
      ).results.map((r) => Math.round((now - r.started_at) / day));

    await cronWith({ LISTENING_MAX_ROWS: "3" }, now);
    expect(await startedDaysAgo()).toEqual([10, 1, 0]);
    await cronWith({ LISTENING_MAX_ROWS: "1" }, now);
    expect(await startedDaysAgo()).toEqual([1, 0]);
    // "In total" is ever: the pruned stretches' time stays the owner's.
    expect(await summary()).toMatchObject({ totalSeconds: 5 * 600, sessions: 5, weekSeconds: 2 * 600 });
  });
});

describe("an IPv6 customer holding a /48", () => {
  it("shares widerNetworkShare clients' worth of a limit across all its /64s", async () => {
    const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
    const fresh64 = (i: number) => `2001:${a.toString(16)}:${b.toString(16)}:${i.toString(16)}::1`;
    // Login links: 5 per client network in 15 minutes; a /48 may ask widerNetworkShare times that.
    const allowed = 5 * widerNetworkShare;
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      statuses.push((await requestLink(uniqueEmail("v6"), { ip: fresh64(i) })).status);
    }
    expect(statuses.slice(0, allowed).every((s) => s === 200)).toBe(true);
    expect(statuses[allowed]).toBe(429);
  });
});

describe("the live room", () => {
  it("refuses a handshake without an Origin: a script, not the site's page", async () => {
    const res = await request("/api/radio/live", { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "cross_origin" });
  });

  /** A shard of its own, with the ceilings given. */
  async function shardWith(limits: { perNetwork: number; perShard: number }) {
    const shard = env.LIVE_SHARD.getByName(`station/shard-test-${crypto.randomUUID()}`);
    await runInDurableObject(shard, (instance: LiveShard) => {
      Reflect.set(instance, "env", {
        ...env,
        LIVE_SOCKETS_PER_NETWORK: String(limits.perNetwork),
        LIVE_SOCKETS_PER_SHARD: String(limits.perShard),
      });
    });
    return (network: string, wider?: string) =>
      shard.fetch("http://shard/", {
        headers: {
          Upgrade: "websocket",
          "X-Live-Network": network,
          ...(wider ? { "X-Live-Wider-Network": wider } : {}),
        },
      });
  }

  it("counts an IPv6 /48's sockets too: widerNetworkShare networks' worth, however many /64s", async () => {
    const connect = await shardWith({ perNetwork: 1, perShard: 1000 });
    const held: WebSocket[] = [];
    const statuses: number[] = [];
    for (let i = 0; i <= widerNetworkShare; i++) {
      const res = await connect(`slash64-${i}`, "one-slash48");
      statuses.push(res.status);
      if (res.webSocket) {
        res.webSocket.accept();
        held.push(res.webSocket);
      }
    }
    expect(statuses.slice(0, widerNetworkShare).every((s) => s === 101)).toBe(true);
    expect(statuses[widerNetworkShare]).toBe(429);
    for (const socket of held) socket.close(1000, "done");
  });

  it("refuses a network's socket past LIVE_SOCKETS_PER_NETWORK (429) and any past LIVE_SOCKETS_PER_SHARD (503)", async () => {
    const connect = await shardWith({ perNetwork: 2, perShard: 3 });
    const held: WebSocket[] = [];
    const open = async (network: string) => {
      const res = await connect(network);
      if (res.webSocket) {
        res.webSocket.accept();
        held.push(res.webSocket);
      }
      return res;
    };
    expect((await open("a")).status).toBe(101);
    expect((await open("a")).status).toBe(101);
    const third = await open("a");
    expect(third.status).toBe(429);
    expect(third.headers.get("Retry-After")).toBe("60");
    expect((await open("b")).status).toBe(101);
    const full = await open("c");
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({ error: "live_room_full" });
    // A socket closed makes room again.
    held[0]?.close(1000, "bye");
    await expect.poll(async () => (await open("c")).status).toBe(101);
    for (const socket of held) socket.close(1000, "done");
  });

  /** Asks `socket` for `asks` passes at once; the answers, in the order they came. */
  async function passesOf(socket: WebSocket, asks: number): Promise<(string | null)[]> {
    const answers: (string | null)[] = [];
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(String(event.data)) as { type: string; pass?: string | null };
      if (data.type === "pass") answers.push(data.pass ?? null);
    });
    for (let i = 0; i < asks; i++) socket.send("pass");
    await expect.poll(() => answers.length).toBe(asks);
    return answers;
  }

  it("gives an open connection a pass for the insights on request, livePassesPerSocketPerHour an hour, and closes on anything else", async () => {
    const connect = await shardWith({ perNetwork: 5, perShard: 100 });
    const res = await connect("player");
    const socket = res.webSocket as WebSocket;
    socket.accept();
    const passes = await passesOf(socket, livePassesPerSocketPerHour + 1);
    // Answers may come in another order (each pass waits on its write): one is null, the
    // connection's share spent, and the others distinct passes, each stored.
    const given = passes.filter((p) => p !== null);
    expect(passes.filter((p) => p === null)).toHaveLength(1);
    expect(given.every((p) => /^[A-Za-z0-9_-]{22}$/.test(p))).toBe(true);
    expect(new Set(given).size).toBe(livePassesPerSocketPerHour);
    const stored = await count(
      `select count(*) as n from live_passes where pass in (${given.map(() => "?").join(", ")})`,
      ...given,
    );
    expect(stored).toBe(livePassesPerSocketPerHour);
    const closed = new Promise<number>((resolve) => socket.addEventListener("close", (e) => resolve(e.code)));
    socket.send("give me everything");
    expect(await closed).toBe(1008);
  });

  it("gives a network no more passes than its sockets' worth an hour, however often it reconnects", async () => {
    const connect = await shardWith({ perNetwork: 1, perShard: 100 });
    const first = (await connect("reconnecting")).webSocket as WebSocket;
    first.accept();
    expect((await passesOf(first, livePassesPerSocketPerHour)).every((p) => p !== null)).toBe(true);
    first.close(1000, "again");
    // A fresh socket of the same network (once the first is gone): its own count starts over,
    // the network's does not.
    let again: WebSocket | null = null;
    await expect
      .poll(async () => {
        const res = await connect("reconnecting");
        again = res.webSocket;
        return res.status;
      })
      .toBe(101);
    const socket = again as unknown as WebSocket;
    socket.accept();
    expect(await passesOf(socket, 1)).toEqual([null]);
    socket.close(1000, "done");
  });

  it("slows a network reconnecting in a loop: three times its sockets per minute, then 429", async () => {
    const connect = await shardWith({ perNetwork: 2, perShard: 100 });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await connect("loop");
      statuses.push(res.status);
      res.webSocket?.accept();
      res.webSocket?.close(1000, "again");
    }
    expect(statuses).toEqual([101, 101, 101, 101, 101, 101, 429]);
    // Another network is not slowed by it.
    expect((await connect("calm")).status).toBe(101);
  });
});
