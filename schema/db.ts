// Drizzle tables: the single source of column types (docs/product.md §3).
// Times are integer milliseconds since the epoch; the API turns them into ISO strings.
// Every column a cron delete filters on has an index, as the cron runs every minute
// (tests/worker/cron-indexes.test.ts).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs);

export const pages = sqliteTable("pages", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  slug: text("slug").notNull().unique(),
  content: text("content").notNull(),
  image: text("image"),
  heroImageLight: text("hero_image_light"),
  heroImageDark: text("hero_image_dark"),
  metaDescription: text("meta_description"),
  metaKeywords: text("meta_keywords"),
  /** Text flag as in the spec: 'false' or '' is unpublished, anything else published. */
  published: text("published").notNull().default("true"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
});

export const trackHistory = sqliteTable(
  "track_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    album: text("album"),
    artwork: text("artwork"),
    playedAt: integer("played_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    /**
     * Song impact (ADR 021), written by the live room once the play ends: the host's listener
     * count when it started and ended, the average while it played, and how many favorites of
     * it were added meanwhile. Null for plays the room did not follow from start to end.
     */
    listenersStart: integer("listeners_start"),
    listenersEnd: integer("listeners_end"),
    listenersAvg: real("listeners_avg"),
    favoritesAdded: integer("favorites_added"),
  },
  (t) => [index("track_history_played_at_idx").on(t.playedAt)],
);

/**
 * The /analytics statistics, kept current by triggers on track_history (migration
 * 0002_listening_stats), so /api/stats reads a few rows however long the history is.
 * Groups are keyed as the site de-duplicates them: lower-cased and trimmed. Each group keeps
 * the spelling and time of its newest play; the time breaks ties in the top lists.
 */
/**
 * One row per recording (artworkTrackKey: normalised lead artist and title): the cover found
 * for it (an R2 key under artwork/), or none. A provider's miss is looked up again after
 * ARTWORK_MISS_DAYS; the admin's choice (source 'admin') never is.
 */
export const trackArtwork = sqliteTable("track_artwork", {
  trackKey: text("track_key").primaryKey(),
  imageKey: text("image_key"),
  /** 'provider' (found or missed by the lookup) or 'admin' (uploaded or marked none). */
  source: text("source", { enum: ["provider", "admin"] }).notNull(),
  checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
});

export const artistPlays = sqliteTable(
  "artist_plays",
  {
    artistKey: text("artist_key").primaryKey(),
    artist: text("artist").notNull(),
    plays: integer("plays").notNull(),
    lastPlayed: integer("last_played", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("artist_plays_top_idx").on(sql`${t.plays} desc`, sql`${t.lastPlayed} desc`, t.artistKey)],
);

export const trackPlays = sqliteTable(
  "track_plays",
  {
    titleKey: text("title_key").notNull(),
    artistKey: text("artist_key").notNull(),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    plays: integer("plays").notNull(),
    lastPlayed: integer("last_played", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.titleKey, t.artistKey] }),
    index("track_plays_top_idx").on(sql`${t.plays} desc`, sql`${t.lastPlayed} desc`, t.titleKey, t.artistKey),
    /** The statistics' recent list and the history search: unique tracks, newest play first. */
    index("track_plays_recent_idx").on(sql`${t.lastPlayed} desc`),
  ],
);

/** One row (id 1): the totals over the whole history, kept by the same triggers. */
export const listeningTotals = sqliteTable("listening_totals", {
  id: integer("id").primaryKey(),
  totalPlays: integer("total_plays").notNull().default(0),
  uniqueTracks: integer("unique_tracks").notNull().default(0),
  uniqueArtists: integer("unique_artists").notNull().default(0),
});

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
  lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
});

export const loginTokens = sqliteTable(
  "login_tokens",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_tokens_email_created_idx").on(t.email, t.createdAt),
    index("login_tokens_expires_at_idx").on(t.expiresAt),
  ],
);

/** Login sessions: a row per signed-in browser, so that a session can be revoked. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    /** SHA-256 of the cookie's token. */
    tokenHash: text("token_hash").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const favorites = sqliteTable(
  "favorites",
  {
    id: text("id").primaryKey(),
    /** The owner: an anonymous session id, or the user id when logged in. */
    sessionId: text("session_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    trackTitle: text("track_title").notNull(),
    trackArtist: text("track_artist").notNull(),
    trackAlbum: text("track_album"),
    trackArtwork: text("track_artwork"),
    createdAt: createdAt(),
  },
  (t) => [
    // One favorite per owner and track, case-insensitively; also serves "favorites by owner".
    uniqueIndex("favorites_owner_track_uq").on(
      t.sessionId,
      sql`lower(${t.trackTitle})`,
      sql`lower(${t.trackArtist})`,
    ),
    index("favorites_user_idx").on(t.userId),
    /** Song impact counts the favorites added while a track played. */
    index("favorites_created_at_idx").on(t.createdAt),
  ],
);

/**
 * When an anonymous owner (a session id with favorites) last used them: set on every add and
 * remove, and by a read at most once a day. The cron deletes the favorites of owners untouched
 * for ANONYMOUS_FAVORITES_RETENTION_DAYS. Users' favorites have no row and are never pruned.
 */
export const anonymousOwners = sqliteTable(
  "anonymous_owners",
  {
    sessionId: text("session_id").primaryKey(),
    touchedAt: integer("touched_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("anonymous_owners_touched_at_idx").on(t.touchedAt)],
);

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
  },
  (t) => [
    index("listening_sessions_owner_idx").on(t.sessionId, t.startedAt),
    index("listening_sessions_user_idx").on(t.userId, t.startedAt),
    index("listening_sessions_started_idx").on(t.startedAt),
    /** The stretches still to roll up, oldest first: a small index, as rolled rows leave it. */
    index("listening_sessions_unrolled_idx").on(t.endedAt).where(sql`rolled_up = 0`),
  ],
);

/**
 * Row counts the cron's caps read in one row instead of counting a table (migration 0009, ADR
 * 034), kept by triggers: `anonymous_favorites` (favorites with no user) and
 * `listening_sessions` (every stretch).
 */
export const rowCounts = sqliteTable("row_counts", {
  name: text("name").primaryKey(),
  n: integer("n").notNull().default(0),
});

/**
 * What each owner listened to in total, kept by triggers on listening_sessions (migration 0009,
 * ADR 034): `/api/listening/{owner}` reads one row for "In total" instead of summing every
 * stretch. Pruning a stretch leaves its seconds here: "In total" means ever.
 * `owner_key` is `u:` and the user id, or `s:` and the anonymous session id.
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
    dimension: text("dimension", { enum: ["length", "quality", "device", "country", "account"] }).notNull(),
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
});

export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  subscribedAt: integer("subscribed_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
  /** Text flag as in the spec, default 'true'. */
  active: text("active").notNull().default("true"),
});

/** Every contact message is kept, whether or not the notification mail goes out. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    message: text("message").notNull(),
    createdAt: createdAt(),
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/** Fixed-window counters for rate limits, updated atomically with one upsert. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

/** Sleep timers by owner (docs/product.md: sleep-timer status active, endTime). */
export const sleepTimers = sqliteTable(
  "sleep_timers",
  {
    sessionId: text("session_id").primaryKey(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sleep_timers_end_time_idx").on(t.endTime)],
);

/**
 * One row (id 1): the cron's latest run, for /api/health, and the steps that failed in it, so a
 * failure is logged when it starts and when it ends, not every minute.
 */
export const cronStatus = sqliteTable("cron_status", {
  id: integer("id").primaryKey(),
  lastRunAt: integer("last_run_at", { mode: "timestamp_ms" }).notNull(),
  /** The latest run in which every step succeeded. */
  lastOkAt: integer("last_ok_at", { mode: "timestamp_ms" }),
  /** JSON array of the names of the steps that failed in the latest run. */
  failingSteps: text("failing_steps").notNull().default("[]"),
});

/**
 * Mail the `log` provider "sent": what /pb/debug reads in local development. Written only
 * when debug login links are enabled; real tokens are stored hashed in login_tokens.
 */
export const devOutbox = sqliteTable(
  "dev_outbox",
  {
    id: text("id").primaryKey(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** The login link the message carries, if any, and its token's hash (to report use). */
    link: text("link"),
    tokenHash: text("token_hash"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("dev_outbox_created_idx").on(t.createdAt)],
);
