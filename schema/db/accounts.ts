// Listeners' and the admin's accounts, login links and sessions, and favorites.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

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
