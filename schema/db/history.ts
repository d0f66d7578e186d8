// The station's played tracks, their covers, and the listening statistics the triggers keep.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { nowMs } from "./columns";

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

/**
 * What rights organisations ask of each recording the station plays (ADR 038): its ISRC and
 * label, keyed as the statistics group plays (`lower(trim())` of title and artist, so a remix is
 * its own recording). Found by the same MusicBrainz lookup as covers, or entered by the admin
 * (source 'admin', never replaced by a lookup). A provider's miss is asked again after
 * ARTWORK_MISS_DAYS.
 */
export const trackRecordings = sqliteTable(
  "track_recordings",
  {
    titleKey: text("title_key").notNull(),
    artistKey: text("artist_key").notNull(),
    /** Twelve characters, no hyphens (CC XXX YY NNNNN), or null when none is known. */
    isrc: text("isrc"),
    label: text("label"),
    /** The MusicBrainz recording the lookup matched; null for a miss or the admin's entry. */
    recordingId: text("recording_id"),
    source: text("source", { enum: ["provider", "admin"] }).notNull(),
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.titleKey, t.artistKey] })],
);

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
