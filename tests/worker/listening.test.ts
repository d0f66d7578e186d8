import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { listeningSummary } from "#schema/api.ts";
import { listening } from "#schema/listener-rules.ts";
import { getDb } from "#worker/lib/db.ts";
import { deleteListeningBefore, readListeningSummary, recordListening } from "#worker/lib/listening.ts";
import { postJson, request } from "./support/request";
import { clearTables } from "./support/reset";
import { newSession } from "./support/session";
import { insertPlays } from "./support/track-history";
import { anonymousId } from "./support/unique";

const minute = 60_000;
const day = 24 * 60 * minute;
const db = () => getDb(env.DB);

type Row = {
  session_id: string;
  user_id: string | null;
  started_at: number;
  ended_at: number;
  duration_seconds: number;
  quality: string;
  closed: number;
};
const row = (id: string) =>
  env.DB.prepare("select * from listening_sessions where id = ?").bind(id).first<Row>();

const write = (
  sessionId: string,
  listeningId: string,
  startedAt: number,
  extra: { ended?: boolean; quality?: "hd" | "sd" | "mobile" } = {},
) => ({
  sessionId,
  listeningId,
  startedAt,
  quality: extra.quality ?? "hd",
  ended: extra.ended ?? false,
});

beforeEach(() => clearTables("listening_sessions", "track_history", "rate_limits"));

describe("recording a stretch of listening", () => {
  it("starts it, extends it at most once a minute, ends it once, and then leaves it alone", async () => {
    const owner = { sessionId: anonymousId(), userId: null };
    const id = crypto.randomUUID();
    const t0 = Date.UTC(2026, 10, 24, 9, 0, 0);
    expect(await recordListening(db(), owner, write(owner.sessionId, id, t0 - 50_000), t0)).toBe(true);
    expect(await row(id)).toMatchObject({
      started_at: t0 - 50_000,
      ended_at: t0,
      duration_seconds: 50,
      closed: 0,
    });
    // Too soon after the last write: nothing written.
    expect(await recordListening(db(), owner, write(owner.sessionId, id, t0 - 50_000), t0 + 20_000)).toBe(
      false,
    );
    expect(
      await recordListening(
        db(),
        owner,
        write(owner.sessionId, id, t0 - 50_000, { quality: "sd" }),
        t0 + minute,
      ),
    ).toBe(true);
    expect(await row(id)).toMatchObject({ duration_seconds: 110, quality: "sd" });
    // The end is written whenever it comes, once.
    expect(
      await recordListening(
        db(),
        owner,
        write(owner.sessionId, id, t0, { ended: true }),
        t0 + minute + 5_000,
      ),
    ).toBe(true);
    expect(await row(id)).toMatchObject({ duration_seconds: 115, closed: 1 });
    expect(await recordListening(db(), owner, write(owner.sessionId, id, t0), t0 + 10 * minute)).toBe(false);
    expect((await row(id))?.duration_seconds).toBe(115);
  });

  it("trusts the browser's start only within a minute of the first write", async () => {
    const owner = { sessionId: anonymousId(), userId: null };
    const id = crypto.randomUUID();
    const now = Date.now();
    await recordListening(db(), owner, write(owner.sessionId, id, now - 10 * day), now);
    expect((await row(id))?.duration_seconds).toBe((listening.writeEveryMs + listening.graceMs) / 1000);
    const future = crypto.randomUUID();
    await recordListening(db(), owner, write(owner.sessionId, future, now + day), now);
    expect((await row(future))?.duration_seconds).toBe(0);
  });

  it("never extends another owner's stretch", async () => {
    const mine = { sessionId: anonymousId(), userId: null };
    const theirs = { sessionId: anonymousId(), userId: null };
    const id = crypto.randomUUID();
    const t0 = Date.now();
    await recordListening(db(), mine, write(mine.sessionId, id, t0), t0);
    expect(
      await recordListening(db(), theirs, write(theirs.sessionId, id, t0, { ended: true }), t0 + 2 * minute),
    ).toBe(false);
    expect(await row(id)).toMatchObject({ session_id: mine.sessionId, closed: 0, duration_seconds: 0 });
  });
});

describe("POST /api/listening", () => {
  it("records an anonymous listener's stretch, and a logged-in listener's under their user", async () => {
    const sessionId = anonymousId();
    const id = crypto.randomUUID();
    const res = await postJson("/api/listening", write(sessionId, id, Date.now() - 30_000));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recorded: true });
    expect(await row(id)).toMatchObject({ session_id: sessionId, user_id: null });

    const user = await newSession("user");
    const mine = crypto.randomUUID();
    const asUser = await postJson("/api/listening", write(user.id, mine, Date.now()), {
      cookie: user.cookie,
    });
    expect(asUser.status).toBe(200);
    expect(await row(mine)).toMatchObject({ session_id: user.id, user_id: user.id });
  });

  it("refuses a user's id without their login (401) and bad fields (400), with a message", async () => {
    const user = await newSession("user");
    const res = await postJson("/api/listening", write(user.id, crypto.randomUUID(), Date.now()));
    expect(res.status).toBe(401);
    for (const body of [
      write("not-a-session", crypto.randomUUID(), Date.now()),
      { ...write(anonymousId(), "not-a-uuid", Date.now()) },
      { ...write(anonymousId(), crypto.randomUUID(), Date.now()), quality: "4k" },
      { ...write(anonymousId(), crypto.randomUUID(), Date.now()), startedAt: "yesterday" },
      {},
    ]) {
      const refused = await postJson("/api/listening", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });
});

describe("GET /api/listening/{owner}", () => {
  async function stretch(sessionId: string, userId: string | null, startedAt: number, minutes: number) {
    await env.DB.prepare(
      "insert into listening_sessions (id, session_id, user_id, started_at, ended_at, duration_seconds, quality, closed) values (?, ?, ?, ?, ?, ?, 'hd', 1)",
    )
      .bind(crypto.randomUUID(), sessionId, userId, startedAt, startedAt + minutes * minute, minutes * 60)
      .run();
  }

  it("sums the time listened this week and ever, and names the artists heard most", async () => {
    const me = anonymousId();
    const now = Date.now();
    await stretch(me, null, now - 2 * day, 30);
    await stretch(me, null, now - 3 * day, 15);
    await stretch(me, null, now - 20 * day, 60);
    // Someone else's listening is not mine.
    await stretch(anonymousId(), null, now - 2 * day, 600);
    await insertPlays([
      { title: "Velvet Harbour", artist: "Nightfall Quartet", at: now - 2 * day + minute },
      { title: "Slow Tide", artist: "Amber Sato", at: now - 2 * day + 10 * minute },
      { title: "Blue Hour", artist: "nightfall quartet ", at: now - 3 * day + 5 * minute },
      // Played while I was not listening.
      { title: "Terrace", artist: "Kai Mendez", at: now - 2 * day + 45 * minute },
    ]);
    const res = await request(`/api/listening/${me}`);
    expect(res.status).toBe(200);
    expect(listeningSummary.parse(await res.json())).toEqual({
      weekSeconds: 45 * 60,
      totalSeconds: 105 * 60,
      sessions: 3,
      topArtists: [
        { artist: expect.stringMatching(/^nightfall quartet$/i), plays: 2 },
        { artist: "Amber Sato", plays: 1 },
      ],
    });
  });

  it("answers zeros for a listener who never played, and keeps a user's listening to that user", async () => {
    expect(await (await request(`/api/listening/${anonymousId()}`)).json()).toEqual({
      weekSeconds: 0,
      totalSeconds: 0,
      sessions: 0,
      topArtists: [],
    });
    const user = await newSession("user");
    await stretch(user.id, user.id, Date.now() - day, 10);
    expect((await request(`/api/listening/${user.id}`)).status).toBe(401);
    const other = await newSession("user");
    expect((await request(`/api/listening/${user.id}`, { headers: { Cookie: other.cookie } })).status).toBe(
      403,
    );
    const mine = await request(`/api/listening/${user.id}`, { headers: { Cookie: user.cookie } });
    expect(await mine.json()).toMatchObject({ totalSeconds: 600, sessions: 1 });
  });

  it("are pruned by the cron after 400 days, and stay in the owner's total", async () => {
    const me = anonymousId();
    const now = Date.now();
    await stretch(me, null, now - 401 * day, 10);
    await stretch(me, null, now - 399 * day, 10);
    expect(await deleteListeningBefore(db(), now - listening.retentionDays * day)).toBe(1);
    const left = await env.DB.prepare("select count(*) as n from listening_sessions where session_id = ?")
      .bind(me)
      .first<{ n: number }>();
    expect(left?.n).toBe(1);
    expect(await readListeningSummary(db(), { sessionId: me, userId: null }, now)).toMatchObject({
      totalSeconds: 20 * 60,
      sessions: 2,
    });
  });

  it("drop an anonymous owner's total with its last stretch, and keep a user's", async () => {
    const anonymous = anonymousId();
    const user = (await newSession("user")).id;
    const now = Date.now();
    await stretch(anonymous, null, now - 402 * day, 10);
    await stretch(anonymous, null, now - 401 * day, 10);
    await stretch(user, user, now - 401 * day, 10);
    const totals = async () =>
      (
        await env.DB.prepare(
          "select owner_key from listening_owner_totals where owner_key in (?, ?) order by owner_key",
        )
          .bind(`s:${anonymous}`, `u:${user}`)
          .all<{ owner_key: string }>()
      ).results.map((r) => r.owner_key);
    expect(await totals()).toEqual([`s:${anonymous}`, `u:${user}`]);
    // One of the anonymous owner's two stretches goes: the total stays.
    await env.DB.prepare(
      "delete from listening_sessions where id = (select id from listening_sessions where session_id = ? order by started_at limit 1)",
    )
      .bind(anonymous)
      .run();
    expect(await totals()).toEqual([`s:${anonymous}`, `u:${user}`]);
    expect(await deleteListeningBefore(db(), now - listening.retentionDays * day)).toBe(2);
    // The table then holds no row per browser that ever played: a user keeps theirs.
    expect(await totals()).toEqual([`u:${user}`]);
    expect(await readListeningSummary(db(), { sessionId: anonymous, userId: null }, now)).toMatchObject({
      totalSeconds: 0,
      sessions: 0,
    });
    expect(await readListeningSummary(db(), { sessionId: user, userId: user }, now)).toMatchObject({
      totalSeconds: 600,
      sessions: 1,
    });
  });

  it("keeps the owner's total as a stretch grows, whoever writes it", async () => {
    const me = anonymousId();
    const now = Date.now();
    const id = crypto.randomUUID();
    await recordListening(db(), { sessionId: me, userId: null }, write(me, id, now), now);
    await recordListening(db(), { sessionId: me, userId: null }, write(me, id, now), now + 2 * minute);
    await recordListening(
      db(),
      { sessionId: me, userId: null },
      write(me, id, now, { ended: true }),
      now + 3 * minute,
    );
    expect((await row(id))?.duration_seconds).toBe(180);
    expect(await readListeningSummary(db(), { sessionId: me, userId: null }, now + 3 * minute)).toMatchObject(
      {
        weekSeconds: 180,
        totalSeconds: 180,
        sessions: 1,
      },
    );
  });

  it("counts the artists of the owner's latest stretches and plays only: a read of a fixed size", async () => {
    const me = anonymousId();
    const now = Date.now();
    // Older stretches heard Old Artist, the latest listening.artistSessions heard New Artist.
    const starts = Array.from(
      { length: listening.artistSessions + 20 },
      (_, i) => now - (i + 1) * 10 * minute,
    );
    const insert = env.DB.prepare(
      "insert into listening_sessions (id, session_id, started_at, ended_at, duration_seconds, quality, closed) values (?, ?, ?, ?, 60, 'hd', 1)",
    );
    for (let from = 0; from < starts.length; from += 100) {
      await env.DB.batch(
        starts.slice(from, from + 100).map((at) => insert.bind(crypto.randomUUID(), me, at, at + minute)),
      );
    }
    await insertPlays(
      starts.map((at, i) => ({
        title: `Track ${i}`,
        artist: i < listening.artistSessions ? "New Artist" : "Old Artist",
        at: at + 1_000,
      })),
    );
    const summary = await readListeningSummary(db(), { sessionId: me, userId: null }, now);
    expect(summary.topArtists).toEqual([{ artist: "New Artist", plays: listening.artistSessions }]);
    expect(summary.sessions).toBe(starts.length);
  });
});
