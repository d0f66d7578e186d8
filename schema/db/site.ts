import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, nowMs } from "./columns";

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

/**
 * Row counts the cron's caps read in one row instead of counting a table (migration 0009, ADR
 * 034), kept by triggers: `anonymous_favorites` (favorites with no user) and
 * `listening_sessions` (every stretch).
 */
export const rowCounts = sqliteTable("row_counts", {
  name: text("name").primaryKey(),
  n: integer("n").notNull().default(0),
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
