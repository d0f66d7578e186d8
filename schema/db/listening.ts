// Listening stretches, their owners' totals, and the station insights built from them.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { listeningVia } from "../listener-rules";
import { nowMs } from "./columns";

/**
 * One stretch of listening in one browser (docs/product.md §10): from play to pause, written at most once a
 * minute while it lasts and once when it ends (worker/lib/listening.ts). `session_id` is the
 * anonymous browser's id or the user's id, as for favorites; `user_id` is set when logged in.
 * Times are the server's.
 */
export const listeningSessions = sqliteTable(
  "listening_sessions",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    userId: text("user_id"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    /** The stream quality at the last write: hd, sd or mobile. */
    quality: text("quality").notNull().default("hd"),
    /** 1 once the listener stopped: no later write changes the row. */
    closed: integer("closed", { mode: "boolean" }).notNull().default(false),
    trackTitle: text("track_title"),
    trackArtist: text("track_artist"),
    /** `request.cf.country` when the stretch began (two letters), null when unknown. Never an address. */
    country: text("country"),
    /** Coarse class of the user agent: mobile, tablet, desktop or other. */
    device: text("device").notNull().default("other"),
    /**
     * 1 while the insights' rollups count this stretch as it is; a later write (a player back
     * after a long silence) sets 0 again, and the next rollup adds only what it grew by.
     */
    rolledUp: integer("rolled_up", { mode: "boolean" }).notNull().default(false),
    /** The seconds the rollups have counted of it; null until first counted. */
    countedSeconds: integer("counted_seconds"),
    /**
     * 1 once a write brought a pass the live room gave the player's open connection (ADR 036):
     * the insights count only such stretches, so ones invented by a script are not the operator's
     * figures. The listener's own summary counts every stretch.
     */
    live: integer("live", { mode: "boolean" }).notNull().default(false),
    /** The player it was heard on: the site's own, or the embed on a partner's page. */
    via: text("via", { enum: listeningVia }).notNull().default("site"),
  },
  (t) => [
    index("listening_sessions_owner_idx").on(t.sessionId, t.startedAt),
    index("listening_sessions_user_idx").on(t.userId, t.startedAt),
    index("listening_sessions_started_idx").on(t.startedAt),
    /** Relay mode's listener count (ADR 042): the stretches written within the last minutes. */
    index("listening_sessions_ended_idx").on(t.endedAt),
    /** The stretches still to roll up, oldest first: a small index, as rolled rows leave it. */
    index("listening_sessions_unrolled_idx").on(t.endedAt).where(sql`rolled_up = 0`),
  ],
);

/**
 * Passes the live room handed to players' open connections (ADR 036), each good for one
 * stretch within a few minutes of issue: a write that brings one takes it (deletes it) and marks
 * its stretch live. The cron deletes those never taken.
 */
export const livePasses = sqliteTable(
  "live_passes",
  {
    pass: text("pass").primaryKey(),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("live_passes_issued_idx").on(t.issuedAt)],
);

/**
 * What each owner listened to in total, kept by triggers on listening_sessions (migration 0009,
 * ADR 034): `/api/listening/{owner}` reads one row for "In total" instead of summing every
 * stretch. Pruning a stretch leaves its seconds here: "In total" means ever. An anonymous
 * owner's row goes with its last stretch (migration 0010), so the table is bounded by the
 * stretches kept; a user's stays. `owner_key` is `u:` and the user id, or `s:` and the
 * anonymous session id.
 */
export const listeningOwnerTotals = sqliteTable("listening_owner_totals", {
  ownerKey: text("owner_key").primaryKey(),
  seconds: integer("seconds").notNull().default(0),
  sessions: integer("sessions").notNull().default(0),
});

/**
 * Station insights (ADR 021): the host's listener count per mount (and '*' for all of them),
 * sampled by the live room on every read and written once a minute: per minute, and rolled up
 * into the hour and the day at the same time. `sum / samples` is the average. Minutes are kept
 * INSIGHTS_MINUTE_DAYS, hours INSIGHTS_HOUR_DAYS, days for ever.
 */
export const listenerSamples = sqliteTable(
  "listener_samples",
  {
    resolution: text("resolution", { enum: ["minute", "hour", "day"] }).notNull(),
    mount: text("mount").notNull(),
    /** The start of the minute, hour or UTC day (ms). */
    start: integer("start", { mode: "timestamp_ms" }).notNull(),
    min: integer("min").notNull(),
    max: integer("max").notNull(),
    sum: integer("sum").notNull(),
    samples: integer("samples").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resolution, t.start, t.mount] }),
    /** One mount's series (the station's, '*', on the chart) without reading the others. */
    index("listener_samples_mount_idx").on(t.resolution, t.mount, t.start),
  ],
);

/**
 * Ended listening stretches counted per hour and UTC day of their start, by one dimension at a
 * time (length bucket, quality, device, country, account): insights read these, never the
 * stretches themselves.
 */
export const sessionRollups = sqliteTable(
  "session_rollups",
  {
    resolution: text("resolution", { enum: ["hour", "day"] }).notNull(),
    start: integer("start", { mode: "timestamp_ms" }).notNull(),
    dimension: text("dimension", {
      enum: ["length", "quality", "device", "country", "account", "via"],
    }).notNull(),
    value: text("value").notNull(),
    sessions: integer("sessions").notNull(),
    seconds: integer("seconds").notNull(),
  },
  (t) => [primaryKey({ columns: [t.resolution, t.start, t.dimension, t.value] })],
);

/**
 * The song-impact tables per range (24h, 7d, 30d, 90d), worked out from the plays by the cron
 * every few minutes, so the insights call reads one row per range. `body` is JSON
 * (schema/api/insights.ts songImpact).
 */
export const songImpactRankings = sqliteTable("song_impact_rankings", {
  range: text("range").primaryKey(),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  body: text("body").notNull(),
});

/** One row (id 1): the operator's settings for listeners' screens. */
export const stationSettings = sqliteTable("station_settings", {
  id: integer("id").primaryKey(),
  /** Whether listeners see the listener count (home page, live updates, public API). */
  listenersPublic: integer("listeners_public", { mode: "boolean" }).notNull().default(true),
  /** Who files the performance reports (ADR 038): JSON, schema/api/reports.ts reportFiler; null until saved. */
  reportFiler: text("report_filer"),
  /** The operator's rewind settings (ADR 042): JSON, schema/api/rewind.ts rewindSettings; null until saved. */
  rewindSettings: text("rewind_settings"),
});
