// ADR 021, station insights: the live room's samples, song impact, the sessions' rollups,
// retention, who may read them, and the operator's choice to hide the public count.
// @project worker-station: it moves the station or holds it to what it played across reads (ADR 022).
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { insightsNow, insights as insightsSchema } from "#schema/api/insights.ts";
import { apiError, liveMessage, nowPlaying } from "#schema/api.ts";
import { refreshTrackHistory } from "#worker/lib/cron.ts";
import { getDb } from "#worker/lib/db.ts";
import { allMounts, minuteOf, type PlayTally } from "#worker/lib/insights/sampler.ts";
import { writeInsights } from "#worker/lib/insights/samples.ts";
import { rollUpSessions, sessionIdleMs } from "#worker/lib/insights/sessions.ts";
import { refreshSongImpact } from "#worker/lib/insights/song-impact.ts";
import { recordListening } from "#worker/lib/listening.ts";
import { issueLivePass, livePassTtlMs } from "#worker/lib/live-passes.ts";
import type { StationReader } from "#worker/live/index.ts";
import { azuracastHost } from "./support/fakes";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { getAs, newSession, sendJsonAs } from "./support/session";
import { nextMessage, stationReader } from "./support/station";
import { insertPlays } from "./support/track-history";
import { anonymousId } from "./support/unique";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const db = () => getDb(env.DB);

type SampleRow = {
  resolution: string;
  mount: string;
  start: number;
  min: number;
  max: number;
  sum: number;
  samples: number;
};
const samples = async () =>
  (await env.DB.prepare("select * from listener_samples order by resolution, start, mount").all<SampleRow>())
    .results;

beforeEach(() =>
  clearTables(
    "listener_samples",
    "session_rollups",
    "song_impact_rankings",
    "listening_sessions",
    "track_history",
    "favorites",
    "station_settings",
    "rate_limits",
  ),
);

/** A reader of its own, reading an AzuraCast host that reports `listeners` on its one mount. */
async function readerWithListeners(listeners: number) {
  const reader = env.STATION_READER.getByName(`insights-${crypto.randomUUID()}`);
  const host = {
    ...azuracastHost("ok", { case: crypto.randomUUID(), listeners: String(listeners) }),
    NEXT_TRACK_URL: "",
  };
  await runInDurableObject(reader, (instance: StationReader) => {
    Reflect.set(instance, "env", { ...env, ...host });
  });
  return reader;
}

describe("the live room's listener samples", () => {
  it("writes a finished minute per mount and for the station, merged into its hour and day", async () => {
    const reader = await readerWithListeners(7);
    const previousMinute = minuteOf(Date.now()) - minute;
    await runInDurableObject(reader, (instance: StationReader) => {
      Reflect.set(Reflect.get(instance, "audience"), "minuteTally", {
        start: previousMinute,
        mounts: {
          [allMounts]: { min: 3, max: 9, sum: 30, samples: 5 },
          "/radio.mp3": { min: 3, max: 9, sum: 30, samples: 5 },
        },
      });
    });
    await reader.pollNow();
    await reader.settleInsights();
    const hourStart = previousMinute - (previousMinute % hour);
    const dayStart = previousMinute - (previousMinute % day);
    const rows = await samples();
    const figures = { min: 3, max: 9, sum: 30, samples: 5 };
    expect(rows).toEqual(
      expect.arrayContaining([
        { resolution: "minute", mount: allMounts, start: previousMinute, ...figures },
        { resolution: "minute", mount: "/radio.mp3", start: previousMinute, ...figures },
        { resolution: "hour", mount: allMounts, start: hourStart, ...figures },
        { resolution: "day", mount: "/radio.mp3", start: dayStart, ...figures },
      ]),
    );
    expect(rows).toHaveLength(6);
    // The read that ended the minute is the first of the next one: the host's 7 on its mount.
    const tally = await runInDurableObject(reader, (instance: StationReader) =>
      Reflect.get(Reflect.get(instance, "audience"), "minuteTally"),
    );
    expect(tally.mounts).toEqual({
      [allMounts]: { min: 7, max: 7, sum: 7, samples: 1 },
      "/radio.mp3": { min: 7, max: 7, sum: 7, samples: 1 },
    });
  });

  it("merges later minutes into the same hour: lowest min, highest max, sums added", async () => {
    const start = Date.UTC(2026, 10, 20, 10, 0, 0);
    const minuteOfTally = (at: number, min: number, max: number, sum: number) => ({
      start: at,
      mounts: { [allMounts]: { min, max, sum, samples: 60 } },
    });
    await writeInsights(
      db(),
      [minuteOfTally(start, 4, 8, 360), minuteOfTally(start + minute, 2, 6, 240)],
      [],
    );
    const hourRow = (await samples()).find((r) => r.resolution === "hour");
    expect(hourRow).toMatchObject({ start, min: 2, max: 8, sum: 600, samples: 120 });
  });

  it("keeps a minute it could not write, waits a minute, and writes it with the next one", async () => {
    const reader = await readerWithListeners(5);
    const previousMinute = minuteOf(Date.now()) - minute;
    let failures = 1;
    // D1 refuses the first batch, as it does in an outage.
    const flakyDb = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch" && failures > 0) {
          failures--;
          return () => Promise.reject(new Error("D1 is unavailable"));
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await runInDurableObject(reader, (instance: StationReader) => {
      Reflect.set(instance, "env", { ...Reflect.get(instance, "env"), DB: flakyDb });
      Reflect.set(Reflect.get(instance, "audience"), "minuteTally", {
        start: previousMinute - 5 * minute,
        mounts: { [allMounts]: { min: 1, max: 1, sum: 1, samples: 1 } },
      });
    });
    await reader.pollNow();
    await reader.settleInsights();
    expect(failures).toBe(0);
    expect(await samples()).toEqual([]);
    // Not again on the next poll: a failing D1 is not asked every second.
    await runInDurableObject(reader, (instance: StationReader) => {
      expect(Reflect.get(Reflect.get(instance, "audience"), "pendingMinutes")).toHaveLength(1);
      expect(Reflect.get(Reflect.get(instance, "audience"), "insightsRetryAt")).toBeGreaterThan(
        Date.now() + 50_000,
      );
      Reflect.set(Reflect.get(instance, "audience"), "insightsRetryAt", 0);
      Reflect.set(Reflect.get(instance, "audience"), "minuteTally", {
        start: previousMinute,
        mounts: { [allMounts]: { min: 2, max: 2, sum: 2, samples: 1 } },
      });
    });
    await reader.pollNow();
    await reader.settleInsights();
    const minutes = (await samples()).filter((r) => r.resolution === "minute" && r.mount === allMounts);
    expect(minutes.map((r) => r.start)).toEqual([previousMinute - 5 * minute, previousMinute]);
  });
});

describe("song impact", () => {
  it("records a play's listeners at its start and end, its average, and the favorites of it added while it played", async () => {
    const from = Date.UTC(2026, 10, 24, 8, 0, 0);
    const to = from + 4 * minute;
    await insertPlays([{ title: "Blue Hour", artist: "Nujazz Trio", at: from }]);
    const id = (await env.DB.prepare("select id from track_history").first<{ id: number }>())?.id ?? 0;
    const favorite = env.DB.prepare(
      "insert into favorites (id, session_id, track_title, track_artist, created_at) values (?1, ?2, ?3, ?4, ?5)",
    );
    await env.DB.batch([
      favorite.bind(crypto.randomUUID(), anonymousId(), "blue hour", "NUJAZZ TRIO", from + minute),
      favorite.bind(crypto.randomUUID(), anonymousId(), "Blue Hour", "Nujazz Trio", from + 2 * minute),
      favorite.bind(crypto.randomUUID(), anonymousId(), "Other Song", "Nujazz Trio", from + minute),
      favorite.bind(crypto.randomUUID(), anonymousId(), "Blue Hour", "Nujazz Trio", to + 1),
    ]);
    await writeInsights(
      db(),
      [],
      [
        {
          playId: id,
          title: "Blue Hour",
          artist: "Nujazz Trio",
          from,
          to,
          listenersStart: 10,
          listenersEnd: 16,
          listenersAvg: 12.5,
        },
      ],
    );
    const row = await env.DB.prepare(
      "select listeners_start, listeners_end, listeners_avg, favorites_added from track_history where id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ listeners_start: 10, listeners_end: 16, listeners_avg: 12.5, favorites_added: 2 });
  });

  it("is written by the live room when the play it followed from the start ends", async () => {
    const reader = await readerWithListeners(9);
    await insertPlays([{ title: "Earlier Song", artist: "Someone", at: Date.now() - 3 * minute }]);
    const id = (await env.DB.prepare("select id from track_history").first<{ id: number }>())?.id ?? 0;
    const tally: PlayTally & { fromStart: boolean } = {
      playId: id,
      title: "Earlier Song",
      artist: "Someone",
      from: Date.now() - 3 * minute,
      to: Date.now() - 1_000,
      first: 4,
      last: 8,
      sum: 12,
      samples: 2,
      fromStart: true,
    };
    await runInDurableObject(reader, (instance: StationReader) => {
      Reflect.set(Reflect.get(instance, "audience"), "playTally", tally);
      Reflect.set(Reflect.get(instance, "audience"), "minuteTally", {
        start: minuteOf(Date.now()) - minute,
        mounts: {},
      });
    });
    await reader.pollNow();
    await reader.settleInsights();
    const row = await env.DB.prepare(
      "select listeners_start, listeners_end, listeners_avg from track_history where id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ listeners_start: 4, listeners_end: 8, listeners_avg: 6 });
  });

  it("ranks the tracks that gain and lose most listeners per play, and ranks a range again only when stale", async () => {
    const now = Date.now();
    const play = (title: string, at: number, start: number, end: number) =>
      env.DB.prepare(
        "insert into track_history (title, artist, played_at, listeners_start, listeners_end, listeners_avg, favorites_added) values (?1, 'Artist', ?2, ?3, ?4, ?5, 1)",
      ).bind(title, at, start, end, (start + end) / 2);
    await env.DB.batch([
      play("Riser", now - hour, 10, 20),
      play("riser ", now - 2 * hour, 10, 14),
      play("Faller", now - hour, 20, 5),
      play("Steady", now - hour, 10, 10),
      play("Old Riser", now - 3 * day, 0, 50),
      // A play the room did not follow has no counts and is not ranked.
      env.DB.prepare(
        "insert into track_history (title, artist, played_at) values ('Unfollowed', 'Artist', ?1)",
      ).bind(now),
    ]);
    expect(await refreshSongImpact(db(), now)).toEqual(["24h", "7d", "30d", "90d"]);
    expect(await refreshSongImpact(db(), now + minute)).toEqual([]);
    expect(await refreshSongImpact(db(), now + 5 * minute)).toEqual(["24h"]);
    const res = await getAs("/api/insights?range=24h", "admin");
    const body = insightsSchema.parse(await res.json());
    expect(body.songImpact.gainers).toEqual([
      { title: "Riser", artist: "Artist", plays: 2, averageChange: 7, averageListeners: 13.5, favorites: 2 },
    ]);
    expect(body.songImpact.losers.map((s) => [s.title, s.averageChange])).toEqual([["Faller", -15]]);
    const week = insightsSchema.parse(await (await getAs("/api/insights?range=7d", "admin")).json());
    expect(week.songImpact.gainers.map((s) => s.title)).toEqual(["Old Riser", "Riser"]);
  });
});

describe("listening sessions in the insights", () => {
  const iphone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

  async function listen(body: Record<string, unknown>, country?: string, userAgent = iphone) {
    const res = await exports.default.fetch(
      new Request("http://localhost/api/listening", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "http://localhost", "User-Agent": userAgent },
        body: JSON.stringify(body),
        ...(country ? { cf: { country } } : {}),
      }),
    );
    expect(res.status).toBe(200);
    return (await res.json()) as { recorded: boolean };
  }

  it("records the country and the device class, never an address, and counts each ended stretch once", async () => {
    const owner = anonymousId();
    const ended = crypto.randomUUID();
    const open = crypto.randomUUID();
    const now = Date.now();
    // Each stretch brings a pass its live connection was given (ADR 036).
    const endedPass = await issueLivePass(db(), now);
    await listen(
      {
        sessionId: owner,
        listeningId: ended,
        startedAt: now - 30_000,
        quality: "mobile",
        ended: true,
        livePass: endedPass,
      },
      "DE",
    );
    const openPass = await issueLivePass(db(), now);
    await listen(
      // This one plays in the embed on a partner's page.
      {
        sessionId: owner,
        listeningId: open,
        startedAt: now,
        quality: "hd",
        livePass: openPass,
        via: "embed",
      },
      "FR",
    );
    const stored = await env.DB.prepare("select * from listening_sessions where id = ?").bind(ended).first();
    expect(stored).toMatchObject({ country: "DE", device: "mobile", rolled_up: 0, live: 1 });
    expect(JSON.stringify(stored)).not.toMatch(/127\.0\.0\.1|::1/);

    // Stretches no live connection vouched for are stored for their owner, never counted: one
    // without a pass, one with a pass another stretch took, one with a pass past its time.
    const invented = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const stalePass = await issueLivePass(db(), now - livePassTtlMs - minute);
    for (const [i, livePass] of [undefined, endedPass, stalePass].entries()) {
      await listen(
        {
          sessionId: anonymousId(),
          listeningId: invented[i],
          startedAt: now - 30_000,
          quality: "sd",
          ended: true,
          ...(livePass ? { livePass } : {}),
        },
        "US",
        "curl/8.0",
      );
    }
    const live = await env.DB.prepare("select live from listening_sessions where id in (?, ?, ?, ?)")
      .bind(ended, ...invented)
      .all<{ live: number }>();
    expect(live.results.map((r) => r.live).sort()).toEqual([0, 0, 0, 1]);
    // A pass is taken by the write that used it.
    const passesLeft = await env.DB.prepare("select pass from live_passes where pass in (?, ?)")
      .bind(endedPass, openPass)
      .all();
    expect(passesLeft.results).toEqual([]);

    // The ended stretches are rolled up now (the invented ones too, counting nothing); the open
    // one once it has been quiet for sessionIdleMs.
    expect(await rollUpSessions(db(), now + minute)).toBe(4);
    expect(await rollUpSessions(db(), now + minute)).toBe(0);
    expect(await rollUpSessions(db(), now + sessionIdleMs + minute)).toBe(1);
    // Its player writes again 16 minutes on (a phone that slept): it grows, and the next rollup
    // adds what it grew by, moving it from "under 1 min" to "15-30 min".
    const later = now + 16 * minute;
    const sessionOwner = { sessionId: owner, userId: null };
    const resumed = {
      sessionId: owner,
      listeningId: open,
      startedAt: now,
      quality: "hd" as const,
      ended: true,
    };
    expect(await recordListening(db(), sessionOwner, resumed, later)).toBe(true);
    expect(await rollUpSessions(db(), later)).toBe(1);
    expect(await rollUpSessions(db(), later)).toBe(0);

    const body = insightsSchema.parse(await (await getAs("/api/insights?range=24h", "admin")).json());
    const both = 30 + 16 * 60;
    expect(body.sessions.total).toBe(2);
    expect(body.sessions.seconds).toBe(both);
    expect(body.sessions.country).toEqual([
      { value: "DE", sessions: 1, seconds: 30 },
      { value: "FR", sessions: 1, seconds: 16 * 60 },
    ]);
    expect(body.sessions.quality.map((q) => q.value).sort()).toEqual(["hd", "mobile"]);
    expect(body.sessions.device).toEqual([{ value: "mobile", sessions: 2, seconds: both }]);
    expect(body.sessions.account).toEqual([{ value: "anonymous", sessions: 2, seconds: both }]);
    expect(body.sessions.via).toEqual([
      { value: "embed", sessions: 1, seconds: 16 * 60 },
      { value: "site", sessions: 1, seconds: 30 },
    ]);
    expect(body.sessions.length).toEqual([
      { value: "under-1m", sessions: 1, seconds: 30 },
      { value: "15-30m", sessions: 1, seconds: 16 * 60 },
    ]);
  });
});

describe("retention", () => {
  it("drops minutes after INSIGHTS_MINUTE_DAYS and hours after INSIGHTS_HOUR_DAYS, and keeps days", async () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    const row = env.DB.prepare(
      "insert into listener_samples (resolution, mount, start, min, max, sum, samples) values (?1, '*', ?2, 1, 1, 1, 1)",
    );
    const rollup = env.DB.prepare(
      "insert into session_rollups (resolution, start, dimension, value, sessions, seconds) values (?1, ?2, 'quality', 'hd', 1, 60)",
    );
    await env.DB.batch([
      row.bind("minute", now - 15 * day),
      row.bind("minute", now - 13 * day),
      row.bind("hour", now - 401 * day),
      row.bind("hour", now - 399 * day),
      row.bind("day", now - 2000 * day),
      rollup.bind("hour", now - 401 * day),
      rollup.bind("day", now - 2000 * day),
    ]);
    await refreshTrackHistory(env, now, () => Promise.resolve({ title: "", artist: "" }));
    const left = (await samples()).map((r) => [r.resolution, (now - r.start) / day]);
    expect(left).toEqual([
      ["day", 2000],
      ["hour", 399],
      ["minute", 13],
    ]);
    const rollups = await env.DB.prepare("select resolution from session_rollups").all();
    expect(rollups.results).toEqual([{ resolution: "day" }]);
  });
});

describe("who may read the insights", () => {
  const calls = [
    ["GET", "/api/insights?range=7d", undefined],
    ["GET", "/api/insights/now", undefined],
    ["GET", "/api/insights/export?range=7d&table=listeners", undefined],
    ["PUT", "/api/insights/settings", { listenersPublic: true }],
  ] as const;

  it.each(calls)(
    "%s %s: 401 logged out, 403 for a listener, 200 for the admin",
    async (method, path, body) => {
      const as = (role: "anonymous" | "user" | "admin") =>
        method === "GET" ? getAs(path, role) : sendJsonAs(method, path, body, role);
      const anonymous = await as("anonymous");
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({
        error: expect.any(String),
        message: expect.any(String),
      });
      expect((await as("user")).status).toBe(403);
      expect((await as("admin")).status).toBe(200);
    },
  );

  it("refuses a range, a table or a setting it does not know with a 400 that names it", async () => {
    const badRange = await getAs("/api/insights?range=1y", "admin");
    expect(badRange.status).toBe(400);
    expect(apiError.parse(await badRange.json()).message).toMatch(/range must be 24h, 7d, 30d or 90d/);
    const badTable = await getAs("/api/insights/export?table=users", "admin");
    expect(badTable.status).toBe(400);
    const badSetting = await sendJsonAs("PUT", "/api/insights/settings", { listenersPublic: "no" }, "admin");
    expect(badSetting.status).toBe(400);
    expect(apiError.parse(await badSetting.json()).message).toMatch(/listenersPublic must be true or false/);
  });

  it("exports each table as a CSV download", async () => {
    await writeInsights(
      db(),
      [
        {
          start: minuteOf(Date.now()) - minute,
          mounts: { [allMounts]: { min: 2, max: 4, sum: 9, samples: 3 } },
        },
      ],
      [],
    );
    const res = await getAs("/api/insights/export?range=24h&table=listeners", "admin");
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="insights-listeners-24h-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("start,min,average,max");
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,2,3,4$/);
  });
});

describe("the public listener count, the operator's choice", () => {
  it("is not undone by a read of the host that was under way when the admin changed it", async () => {
    const reader = await readerWithListeners(6);
    await reader.pollNow();
    const before = (await reader.snapshot()).version;
    // The poll awaits the host while the admin's change lands.
    const polling = reader.pollNow();
    await reader.setListenersPublic(false);
    const polled = await polling;
    expect(polled.listenersPublic).toBe(false);
    expect(polled.version).toBeGreaterThan(before);
    const after = await reader.snapshot();
    expect(after.listenersPublic).toBe(false);
    expect(after.listeners).toBe(6);
  });

  it("hides the count from the public API and the live updates, and still reports it to the admin", async () => {
    const admin = await newSession("admin");
    const put = (listenersPublic: boolean) =>
      request("/api/insights/settings", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: admin.cookie },
        body: JSON.stringify({ listenersPublic }),
      });
    try {
      expect((await put(false)).status).toBe(200);
      expect(await env.DB.prepare("select listeners_public from station_settings").first()).toEqual({
        listeners_public: 0,
      });
      expect((await stationReader().snapshot()).listenersPublic).toBe(false);
      const res = await request("/api/radio/live", {
        headers: { Upgrade: "websocket", Origin: "http://localhost" },
      });
      const socket = res.webSocket;
      if (!socket) throw new Error(`no WebSocket: ${res.status}`);
      const first = nextMessage(socket);
      socket.accept();
      const message = liveMessage.parse(await first);
      expect(message).toMatchObject({ listeners: null, listenersHidden: true });
      socket.close();
      // An isolate reuses the room's state for up to a second (worker/live/index.ts).
      await vi.waitFor(
        async () => {
          const body = nowPlaying.parse(await (await request("/api/radio/now-playing")).json());
          expect(body).toMatchObject({ listeners: null, listenersHidden: true });
        },
        { timeout: 3_000 },
      );
      const insights = insightsSchema.parse(await (await getAs("/api/insights", "admin")).json());
      expect(insights.listenersPublic).toBe(false);
      // The admin still sees the count the live room read.
      // Once the room has read Icecast's count, the admin's call reports it, hidden or not.
      await vi.waitFor(async () =>
        expect((await stationReader().pollNow()).listeners).toEqual(expect.any(Number)),
      );
      // Within the second an isolate may answer from its copy of the room's state.
      await vi.waitFor(
        async () => {
          const now = insightsNow.parse(await (await getAs("/api/insights/now", "admin")).json());
          expect(now.listeners).toBe((await stationReader().snapshot()).listeners);
          expect(now.readAt).not.toBeNull();
        },
        { timeout: 3_000 },
      );
    } finally {
      expect((await put(true)).status).toBe(200);
    }
    expect((await stationReader().snapshot()).listenersPublic).toBe(true);
    await vi.waitFor(
      async () => {
        const body = nowPlaying.parse(await (await request("/api/radio/now-playing")).json());
        expect(body.listenersHidden).toBeUndefined();
      },
      { timeout: 3_000 },
    );
  });
});
