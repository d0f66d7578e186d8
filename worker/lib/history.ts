// Track history: appended by the live room and the cron trigger, read by /api/track-history and /api/stats.
import { and, asc, type Column, count, countDistinct, desc, eq, lt, max, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ListeningStats, NowPlaying, TrackHistoryItem } from "#schema/api.ts";
import { trackHistory } from "#schema/db.ts";
import { statsRecentCount, statsTopCount } from "#schema/rules.ts";
import type { Db } from "./db";

const trackHistoryLimit = 100;

type HistoryRow = typeof trackHistory.$inferSelect;

/** The answer's fields, named one by one so a new column never leaks into the API. */
function toItem(row: HistoryRow): TrackHistoryItem {
  const { id, title, artist, album, artwork, playedAt } = row;
  return { id, title, artist, album, artwork, playedAt: playedAt.toISOString() };
}

/** Insertion order (id) breaks ties between rows played in the same millisecond. */
const newestFirst = [desc(trackHistory.playedAt), desc(trackHistory.id)];

function newestRows(db: Db, limit: number) {
  return db
    .select()
    .from(trackHistory)
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function listTrackHistory(db: Db): Promise<TrackHistoryItem[]> {
  return (await newestRows(db, trackHistoryLimit)).map(toItem);
}

/** The most recently recorded track, or null when nothing was recorded yet. */
export async function latestRecordedTrack(db: Db): Promise<NowPlaying | null> {
  const row = await newestRows(db, 1).get();
  return row ? { title: row.title, artist: row.artist, album: row.album, artwork: row.artwork } : null;
}

/**
 * Appends the track unless it equals the latest row (title and artist, trimmed and
 * case-insensitive). One statement, so concurrent writers (the cron, the live room) can
 * never both append it. Returns the new row, or null when none was added.
 */
export async function appendIfChanged(
  db: Db,
  track: { title: string; artist: string; album?: string | null; artwork?: string | null },
  playedAt: number,
): Promise<TrackHistoryItem | null> {
  const row = {
    title: track.title.trim(),
    artist: track.artist.trim(),
    album: track.album ?? null,
    artwork: track.artwork ?? null,
  };
  // Raw SQL: drizzle's insert … select needs a FROM, and this must be one conditional statement.
  const result = await db.run(
    sql`insert into track_history (title, artist, album, artwork, played_at)
        select ${row.title}, ${row.artist}, ${row.album}, ${row.artwork}, ${playedAt}
        where not exists (
          select 1 from (select title, artist from track_history order by played_at desc, id desc limit 1) latest
          where lower(trim(latest.title)) = lower(${row.title}) and lower(trim(latest.artist)) = lower(${row.artist})
        )`,
  );
  if (result.meta.changes === 0) return null;
  return toItem({ id: result.meta.last_row_id, ...row, playedAt: new Date(playedAt) });
}

export async function deleteHistoryBefore(db: Db, before: number): Promise<number> {
  const result = await db.delete(trackHistory).where(lt(trackHistory.playedAt, new Date(before)));
  return result.meta.changes;
}

/** Tracks and artists group as the site de-duplicates them: lower-cased and trimmed. */
const keyOf = (column: Column) => sql<string>`lower(trim(${column}))`;

/** The /analytics statistics over the whole history, computed in SQL in one round trip. */
export async function computeListeningStats(db: Db): Promise<ListeningStats> {
  const title = keyOf(trackHistory.title);
  const artist = keyOf(trackHistory.artist);
  // Each group is shown with its most recently played spelling, trimmed.
  const played = alias(trackHistory, "played");
  const latestSpelling = (column: Column, sameGroup: SQL | undefined) =>
    sql<string>`(${db
      // Qualified: inside the outer grouped query an unqualified name could bind to it instead.
      .select({ spelling: sql`trim(${sql.identifier("played")}.${sql.identifier(column.name)})` })
      .from(played)
      .where(sameGroup)
      .orderBy(desc(played.playedAt), desc(played.id))
      .limit(1)})`;
  const groupColumns = {
    plays: count().as("plays"),
    lastPlayed: max(trackHistory.playedAt).as("last_played"),
  };
  const byArtist = db
    .select({ artistKey: artist.as("artist_key"), ...groupColumns })
    .from(trackHistory)
    .groupBy(artist)
    .as("by_artist");
  const byTrack = db
    .select({ titleKey: title.as("title_key"), artistKey: artist.as("artist_key"), ...groupColumns })
    .from(trackHistory)
    .groupBy(title, artist)
    .as("by_track");
  const sameTrack = and(
    eq(keyOf(played.title), byTrack.titleKey),
    eq(keyOf(played.artist), byTrack.artistKey),
  );

  const [[totals], topArtists, topTracks, recent] = await db.batch([
    db
      .select({
        totalPlays: count(),
        uniqueTracks: sql<number>`count(distinct ${title} || char(0) || ${artist})`.mapWith(Number),
        uniqueArtists: countDistinct(artist),
      })
      .from(trackHistory),
    db
      .select({
        artist: latestSpelling(played.artist, eq(keyOf(played.artist), byArtist.artistKey)).as("artist"),
        plays: byArtist.plays,
      })
      .from(byArtist)
      .orderBy(desc(byArtist.plays), desc(byArtist.lastPlayed), asc(byArtist.artistKey))
      .limit(statsTopCount),
    db
      .select({
        // Named: D1's batch maps rows by column name, so two unnamed expressions could collide.
        title: latestSpelling(played.title, sameTrack).as("title"),
        artist: latestSpelling(played.artist, sameTrack).as("artist"),
        plays: byTrack.plays,
      })
      .from(byTrack)
      .orderBy(desc(byTrack.plays), desc(byTrack.lastPlayed), asc(byTrack.titleKey), asc(byTrack.artistKey))
      .limit(statsTopCount),
    newestRows(db, statsRecentCount),
  ]);
  return {
    totalPlays: totals?.totalPlays ?? 0,
    uniqueTracks: totals?.uniqueTracks ?? 0,
    uniqueArtists: totals?.uniqueArtists ?? 0,
    topArtist: topArtists[0] ?? null,
    topTrack: topTracks[0] ?? null,
    topArtists,
    topTracks,
    recent: recent.map(toItem),
  };
}
