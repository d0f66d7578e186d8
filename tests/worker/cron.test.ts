// @project worker-station: it moves the station or holds it to what it played across reads (ADR 022).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { fallbackTrack } from "#schema/station.ts";
import worker from "#worker/index.ts";
import { refreshTrackHistory } from "#worker/lib/cron.ts";
import { getDb } from "#worker/lib/db.ts";
import { deleteHistoryBefore, historyPrunedPerRun } from "#worker/lib/history.ts";
import { azuracastHost, envWith, nothingListens } from "./support/fakes";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { stationStatus } from "./support/station";
import { historyRows, insertPlays } from "./support/track-history";

/** The environment with an AzuraCast station playing `title` by `artist`. */
const playing = (title: string, artist: string, extra: Record<string, string> = {}) =>
  envWith({ ...azuracastHost("ok", { title, artist }), ...extra });

const minute = 60_000;
const day = 24 * 60 * minute;

beforeEach(() => clearTables("track_history", "rate_limits", "sleep_timers"));

describe("the cron's track-history refresh", () => {
  it("records the current track once across repeated runs", async () => {
    const t0 = Date.now();
    expect((await refreshTrackHistory(playing("Velvet Harbour", "Nightfall Quartet"), t0)).recorded).toBe(
      true,
    );
    expect(
      (await refreshTrackHistory(playing("Velvet Harbour", "Nightfall Quartet"), t0 + minute)).recorded,
    ).toBe(false);
    await refreshTrackHistory(playing("Velvet Harbour", "Nightfall Quartet"), t0 + 2 * minute);
    expect(await historyRows()).toMatchObject([
      { title: "Velvet Harbour", artist: "Nightfall Quartet", played_at: t0 },
    ]);
  });

  it("treats title and artist case-insensitively and trimmed when comparing with the latest row", async () => {
    const t0 = Date.now();
    await refreshTrackHistory(playing("Slow Tide", "Amber Sato"), t0);
    await refreshTrackHistory(playing("  slow TIDE ", "AMBER sato  "), t0 + minute);
    expect(await historyRows()).toHaveLength(1);
  });

  it("appends a track that differs from the latest row, even if it played before", async () => {
    const t0 = Date.now();
    await refreshTrackHistory(playing("A Song", "Artist"), t0);
    await refreshTrackHistory(playing("B Song", "Artist"), t0 + minute);
    await refreshTrackHistory(playing("B Song", "Artist"), t0 + 2 * minute);
    await refreshTrackHistory(playing("A Song", "Artist"), t0 + 3 * minute);
    expect((await historyRows()).map((r) => r.title)).toEqual(["A Song", "B Song", "A Song"]);
  });

  it("stores the title and artist trimmed", async () => {
    await refreshTrackHistory(playing("  Paper Lanterns ", " Mira Okafor "), Date.now());
    expect(await historyRows()).toMatchObject([{ title: "Paper Lanterns", artist: "Mira Okafor" }]);
  });

  it("never duplicates the track under concurrent runs", async () => {
    const t0 = Date.now();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refreshTrackHistory(playing("Rain on Vinyl", "Soft Static"), t0 + i),
      ),
    );
    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    expect(await historyRows()).toHaveLength(1);
  });

  it("never records the fallback track", async () => {
    const result = await refreshTrackHistory(playing(fallbackTrack.title, fallbackTrack.artist), Date.now());
    expect(result.recorded).toBe(false);
    expect(await historyRows()).toEqual([]);
  });

  it("never records an empty title", async () => {
    const station = envWith(azuracastHost("notitle"));
    expect((await refreshTrackHistory(station, Date.now())).recorded).toBe(false);
    expect(await historyRows()).toEqual([]);
  });

  it("records nothing and does not throw when the radio host is down", async () => {
    const down = envWith({ RADIO_METADATA_URL: `${nothingListens}/` });
    await expect(refreshTrackHistory(down, Date.now())).resolves.toEqual({ recorded: false, pruned: 0 });
    expect(await historyRows()).toEqual([]);
  });

  it("deletes history older than HISTORY_RETENTION_DAYS and keeps the rest", async () => {
    const now = Date.now();
    await insertPlays([
      { title: "too old", at: now - 8 * day },
      { title: "just kept", at: now - 7 * day + minute },
      { title: "recent", at: now - minute },
    ]);
    const result = await refreshTrackHistory(
      playing("recent", "Artist", { HISTORY_RETENTION_DAYS: "7" }),
      now,
    );
    expect(result).toEqual({ recorded: false, pruned: 1 });
    expect((await historyRows()).map((r) => r.title)).toEqual(["just kept", "recent"]);
  });

  it("prunes a backlog of old history over several runs, oldest first, a bounded number each", async () => {
    const now = Date.now();
    await insertPlays([
      ...Array.from({ length: 25 }, (_, i) => ({ title: `old ${i}`, at: now - 100 * day + i * minute })),
      { title: "recent", at: now - minute },
    ]);
    const before = now - 90 * day;
    expect(await deleteHistoryBefore(getDb(env.DB), before, 10)).toBe(10);
    expect((await historyRows())[0]?.title).toBe("old 10");
    expect(await deleteHistoryBefore(getDb(env.DB), before, 10)).toBe(10);
    expect(await deleteHistoryBefore(getDb(env.DB), before, 10)).toBe(5);
    expect((await historyRows()).map((r) => r.title)).toEqual(["recent"]);
    expect(historyPrunedPerRun).toBe(1000);
  });

  it("keeps 90 days of history by default", async () => {
    const now = Date.now();
    await insertPlays([
      { title: "91 days", at: now - 91 * day },
      { title: "89 days", at: now - 89 * day },
    ]);
    await refreshTrackHistory(playing("89 days", "Artist"), now);
    expect((await historyRows()).map((r) => r.title)).toEqual(["89 days"]);
  });

  it("deletes stale rate-limit counters and expired sleep timers", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("insert into rate_limits (key, window_start, count) values ('old', ?1, 3)").bind(
        now - 2 * day,
      ),
      env.DB.prepare("insert into rate_limits (key, window_start, count) values ('live', ?1, 1)").bind(
        now - minute,
      ),
      env.DB.prepare("insert into sleep_timers (session_id, end_time) values ('ended', ?1)").bind(now - 1),
      env.DB.prepare("insert into sleep_timers (session_id, end_time) values ('running', ?1)").bind(
        now + minute,
      ),
    ]);
    await refreshTrackHistory(playing("Any", "Artist"), now);
    const keys = await env.DB.prepare("select key from rate_limits").all<{ key: string }>();
    expect(keys.results.map((r) => r.key)).toEqual(["live"]);
    const timers = await env.DB.prepare("select session_id from sleep_timers").all<{ session_id: string }>();
    expect(timers.results.map((r) => r.session_id)).toEqual(["running"]);
  });
});

describe("the cron's clean-up", () => {
  it("deletes expired sessions, day-old login tokens and week-old dev mail, and keeps live ones", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("insert or ignore into users (id, email) values ('cron-user', 'cron@example.com')"),
      env.DB.prepare(
        "insert into sessions (id, token_hash, user_id, expires_at) values ('s-old', 'h-old', 'cron-user', ?1), ('s-live', 'h-live', 'cron-user', ?2)",
      ).bind(now - 1, now + day),
      env.DB.prepare(
        "insert into login_tokens (id, email, token_hash, expires_at) values ('t-old', 'cron@example.com', 't-old', ?1), ('t-recent', 'cron@example.com', 't-recent', ?2)",
      ).bind(now - 2 * day, now - minute),
      env.DB.prepare(
        "insert into dev_outbox (id, to_email, subject, text, created_at) values ('m-old', 'cron@example.com', 's', 't', ?1), ('m-new', 'cron@example.com', 's', 't', ?2)",
      ).bind(now - 8 * day, now - minute),
    ]);
    await refreshTrackHistory(playing("Any", "Artist"), now);
    const ids = async (table: string) =>
      (
        await env.DB.prepare(
          `select id from ${table} where id in ('s-old','s-live','t-old','t-recent','m-old','m-new') order by id`,
        ).all<{ id: string }>()
      ).results.map((r) => r.id);
    expect(await ids("sessions")).toEqual(["s-live"]);
    expect(await ids("login_tokens")).toEqual(["t-recent"]);
    expect(await ids("dev_outbox")).toEqual(["m-new"]);
  });

  describe("of anonymous favorites", () => {
    const owners = {
      stale: "session-1700000000000-staleownerstaleowner",
      recent: "session-1700000000000-recentownerrecentowner",
    };
    const user = "cron-favorites-user";

    /** Two favorites for each anonymous owner, touched `ago` before now, and two old ones of a user. */
    async function seed(now: number, ago: Record<keyof typeof owners, number>) {
      await clearTables("favorites", "anonymous_owners");
      const favorite = env.DB.prepare(
        "insert into favorites (id, session_id, user_id, track_title, track_artist, created_at) values (?1, ?2, ?3, ?4, 'Artist', ?5)",
      );
      const owner = env.DB.prepare("insert into anonymous_owners (session_id, touched_at) values (?1, ?2)");
      const longAgo = now - 1000 * day;
      await env.DB.batch([
        env.DB.prepare(
          "insert or ignore into users (id, email) values (?1, 'cron-favorites@example.com')",
        ).bind(user),
        ...["One", "Two"].flatMap((title) => [
          favorite.bind(crypto.randomUUID(), owners.stale, null, title, longAgo),
          favorite.bind(crypto.randomUUID(), owners.recent, null, title, longAgo),
          favorite.bind(crypto.randomUUID(), user, user, title, longAgo),
        ]),
        owner.bind(owners.stale, now - ago.stale),
        owner.bind(owners.recent, now - ago.recent),
      ]);
    }

    const remaining = async () =>
      (
        await env.DB.prepare(
          "select session_id, count(*) as n from favorites group by session_id order by session_id",
        ).all<{ session_id: string; n: number }>()
      ).results.map((r) => [r.session_id, r.n]);
    const ownerRows = async () =>
      (
        await env.DB.prepare("select session_id from anonymous_owners order by session_id").all<{
          session_id: string;
        }>()
      ).results.map((r) => r.session_id);

    it("deletes those untouched for ANONYMOUS_FAVORITES_RETENTION_DAYS, keeps the rest and every user's", async () => {
      const now = Date.now();
      await seed(now, { stale: 31 * day, recent: 29 * day });
      await refreshTrackHistory(playing("Any", "Artist", { ANONYMOUS_FAVORITES_RETENTION_DAYS: "30" }), now);
      expect(await remaining()).toEqual([
        [user, 2],
        [owners.recent, 2],
      ]);
      expect(await ownerRows()).toEqual([owners.recent]);
    });

    it("keeps them 365 days by default", async () => {
      const now = Date.now();
      await seed(now, { stale: 366 * day, recent: 364 * day });
      await refreshTrackHistory(playing("Any", "Artist"), now);
      expect(await remaining()).toEqual([
        [user, 2],
        [owners.recent, 2],
      ]);
      expect(await ownerRows()).toEqual([owners.recent]);
    });
  });
});

describe("the cron's failures", () => {
  const hostDown = async () => {
    throw new Error("connect ECONNREFUSED 203.0.113.7:443");
  };
  const lines = (spy: MockInstance, text: string) =>
    spy.mock.calls.map((call) => String(call[0])).filter((line) => line.includes(text));

  it("are logged once when a step starts failing and once when it works again, not every minute", async () => {
    const errors = vi.spyOn(console, "error");
    const logs = vi.spyOn(console, "log");
    try {
      const t0 = Date.now();
      await refreshTrackHistory(env, t0, async () => fallbackTrack);
      for (let run = 1; run <= 3; run++) await refreshTrackHistory(env, t0 + run * minute, hostDown);
      const failed = lines(errors, "recording the current track failed");
      expect(failed).toHaveLength(1);
      expect(failed[0]).toContain("ECONNREFUSED 203.0.113.7:443");
      expect(failed[0]).toContain(new Date(t0 + minute).toISOString());

      await refreshTrackHistory(env, t0 + 4 * minute, async () => fallbackTrack);
      await refreshTrackHistory(env, t0 + 5 * minute, async () => fallbackTrack);
      expect(lines(logs, "recording the current track works again")).toHaveLength(1);
      expect(lines(errors, "recording the current track failed")).toHaveLength(1);
    } finally {
      errors.mockRestore();
      logs.mockRestore();
    }
  });

  it("are recorded with the run for /api/health", async () => {
    const t0 = Date.now();
    await refreshTrackHistory(env, t0, async () => fallbackTrack);
    await refreshTrackHistory(env, t0 + minute, hostDown);
    const row = await env.DB.prepare("select * from cron_status where id = 1").first<{
      last_run_at: number;
      last_ok_at: number;
      failing_steps: string;
    }>();
    expect(row).toEqual({
      id: 1,
      last_run_at: t0 + minute,
      last_ok_at: t0,
      failing_steps: '["recording the current track"]',
    });
  });
});

describe("the scheduled handler", () => {
  it("adds the local station's current title to /api/track-history", async () => {
    const status = async () => (await stationStatus()).current.title;
    // The station is shared with another test file that rotates it: retry until a run saw a stable title.
    for (let attempt = 0; attempt < 5; attempt++) {
      await clearTables("track_history");
      const before = await status();
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      if ((await status()) !== before) continue;
      const res = await request("/api/track-history");
      const items = (await res.json()) as { title: string }[];
      expect(items.map((i) => i.title)).toEqual([before]);
      return;
    }
    throw new Error("the station's title kept changing");
  });
});
