// Track history: appended by the live room and the cron trigger, read by /api/track-history and /api/stats.
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { ListeningStats, PlayedTrack, TrackHistoryItem } from "#schema/api.ts";
import { artistPlays, listeningTotals, trackHistory, trackPlays } from "#schema/db.ts";
import { historySearch } from "#schema/listener-rules.ts";
import { statsRecentCount, statsTopCount } from "#schema/rules.ts";
import { type Db, deleteOldestBefore } from "./db";
import { trackKey } from "./radio";

const trackHistoryLimit = 100;

type HistoryRow = Pick<
  typeof trackHistory.$inferSelect,
  "id" | "title" | "artist" | "album" | "artwork" | "playedAt"
>;

/** The answer's fields, named one by one so a new column never leaks into the API. */
function toItem(row: HistoryRow): TrackHistoryItem {
  const { id, title, artist, album, artwork, playedAt } = row;
  return { id, title, artist, album, artwork, playedAt: playedAt.toISOString() };
}

/** A unique track of track_plays as the recent list and the search answer it. */
const playedTrackColumns = {
  title: trackPlays.title,
  artist: trackPlays.artist,
  plays: trackPlays.plays,
  lastPlayed: trackPlays.lastPlayed,
  // The last play's cover: its track_history row, found through the played_at index (one row
  // per track answered, never a scan of the track's plays).
  artwork: sql<
    string | null
  >`(select ${trackHistory.artwork} from ${trackHistory} where ${trackHistory.playedAt} = ${trackPlays.lastPlayed} and lower(trim(${trackHistory.title})) = ${trackPlays.titleKey} and lower(trim(${trackHistory.artist})) = ${trackPlays.artistKey} limit 1)`,
};

function toPlayedTrack(row: {
  title: string;
  artist: string;
  plays: number;
  lastPlayed: Date;
  artwork: string | null;
}): PlayedTrack {
  return {
    title: row.title,
    artist: row.artist,
    plays: row.plays,
    playedAt: row.lastPlayed.toISOString(),
    artwork: row.artwork,
  };
}

/** Insertion order (id) breaks ties between rows played in the same millisecond. */
const newestFirst = [desc(trackHistory.playedAt), desc(trackHistory.id)];

export function newestRows(db: Db, limit: number) {
  return db
    .select()
    .from(trackHistory)
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function listTrackHistory(db: Db): Promise<TrackHistoryItem[]> {
  return (await newestRows(db, trackHistoryLimit)).map(toItem);
}

/**
 * The newest recorded play when it is `track` (docs/product.md §5's comparison): the row the
 * cron wrote when it saw the track before the live room did.
 */
export async function latestPlayOf(
  db: Db,
  track: { title: string; artist: string },
): Promise<TrackHistoryItem | null> {
  const row = await newestRows(db, 1).get();
  if (!row) return null;
  return trackKey(row) === trackKey(track) ? toItem(row) : null;
}

/** One recorded play by its id (a share page), or null. */
export async function findPlayedTrack(db: Db, id: number): Promise<TrackHistoryItem | null> {
  const row = await db.select().from(trackHistory).where(eq(trackHistory.id, id)).get();
  return row ? toItem(row) : null;
}

/** The play recorded before the newest one, or null. */
export async function playBeforeLatest(db: Db): Promise<TrackHistoryItem | null> {
  const [, row] = await newestRows(db, 2);
  return row ? toItem(row) : null;
}

/** The most recently recorded play, or null when nothing was recorded yet. */
export async function latestRecordedTrack(db: Db): Promise<TrackHistoryItem | null> {
  const row = await newestRows(db, 1).get();
  return row ? toItem(row) : null;
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
  // meta.changes also counts the stats triggers' writes, but is 0 when no row was inserted.
  if (result.meta.changes === 0) return null;
  return toItem({ id: result.meta.last_row_id, ...row, playedAt: new Date(playedAt) });
}

/** Gives a play the cover found for it after it was recorded; a cover it has already stays. */
export async function setPlayArtwork(db: Db, id: number, artwork: string): Promise<void> {
  await db
    .update(trackHistory)
    .set({ artwork })
    .where(and(eq(trackHistory.id, id), isNull(trackHistory.artwork)));
}

/**
 * Rows one cron run prunes at most: each deleted row also runs the stats triggers, so after a
 * shorter retention or a long outage the backlog goes over several runs, never in one statement
 * too long for D1.
 */
export const historyPrunedPerRun = 1000;

export function deleteHistoryBefore(db: Db, before: number, limit = historyPrunedPerRun): Promise<number> {
  return deleteOldestBefore(
    db,
    trackHistory,
    { id: trackHistory.id, time: trackHistory.playedAt },
    before,
    limit,
  );
}

/**
 * The /analytics statistics over the whole history. Triggers keep the groups and totals
 * current as history rows come and go (migration 0002_listening_stats), so this reads one
 * totals row and at most statsTopCount or statsRecentCount rows per list, through their
 * indexes, however long the history is.
 */
export async function readListeningStats(db: Db): Promise<ListeningStats> {
  const [totalsRows, topArtists, topTracks, recent] = await db.batch([
    db
      .select({
        totalPlays: listeningTotals.totalPlays,
        uniqueTracks: listeningTotals.uniqueTracks,
        uniqueArtists: listeningTotals.uniqueArtists,
      })
      .from(listeningTotals)
      .where(eq(listeningTotals.id, 1)),
    db
      .select({ artist: artistPlays.artist, plays: artistPlays.plays })
      .from(artistPlays)
      .orderBy(desc(artistPlays.plays), desc(artistPlays.lastPlayed), asc(artistPlays.artistKey))
      .limit(statsTopCount),
    db
      .select({ title: trackPlays.title, artist: trackPlays.artist, plays: trackPlays.plays })
      .from(trackPlays)
      .orderBy(
        desc(trackPlays.plays),
        desc(trackPlays.lastPlayed),
        asc(trackPlays.titleKey),
        asc(trackPlays.artistKey),
      )
      .limit(statsTopCount),
    db
      .select(playedTrackColumns)
      .from(trackPlays)
      .orderBy(desc(trackPlays.lastPlayed))
      .limit(statsRecentCount),
  ]);
  const totals = totalsRows[0];
  return {
    totalPlays: totals?.totalPlays ?? 0,
    uniqueTracks: totals?.uniqueTracks ?? 0,
    uniqueArtists: totals?.uniqueArtists ?? 0,
    topArtist: topArtists[0] ?? null,
    topTrack: topTracks[0] ?? null,
    topArtists,
    topTracks,
    recent: recent.map(toPlayedTrack),
  };
}

/** A LIKE pattern that finds `word` anywhere, its own % and _ taken literally (escape '\'). */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The station's own history searched (/history when no third-party widget is configured):
 * unique tracks whose title or artist contains every word of `query`, newest play first.
 * Looks through the historySearch.scanTracks unique tracks played last (track_plays through its
 * last_played index), never more, however long the history or many the tracks: a call reads a
 * fixed number of rows, whatever an attacker searches for (ADR 034).
 */
export async function searchPlayedTracks(db: Db, query: string): Promise<PlayedTrack[]> {
  const words = query.split(/\s+/).filter(Boolean).slice(0, historySearch.maxWords);
  const recent = db
    .select({
      titleKey: trackPlays.titleKey,
      artistKey: trackPlays.artistKey,
      title: trackPlays.title,
      artist: trackPlays.artist,
      plays: trackPlays.plays,
      lastPlayed: trackPlays.lastPlayed,
    })
    .from(trackPlays)
    .orderBy(desc(trackPlays.lastPlayed))
    .limit(historySearch.scanTracks)
    .as("recent");
  const matches = words.map((word) => {
    const pattern = containsPattern(word);
    // The keys are lower(trim(...)) in SQLite; lower() here too, so both sides fold alike.
    return sql`(${recent.titleKey} like lower(${pattern}) escape '\\' or ${recent.artistKey} like lower(${pattern}) escape '\\')`;
  });
  const rows = await db
    .select({
      title: recent.title,
      artist: recent.artist,
      plays: recent.plays,
      lastPlayed: recent.lastPlayed,
      artwork: sql<
        string | null
      >`(select ${trackHistory.artwork} from ${trackHistory} where ${trackHistory.playedAt} = ${recent.lastPlayed} and lower(trim(${trackHistory.title})) = ${recent.titleKey} and lower(trim(${trackHistory.artist})) = ${recent.artistKey} limit 1)`,
    })
    .from(recent)
    .where(and(...matches))
    .orderBy(desc(recent.lastPlayed))
    .limit(historySearch.results);
  return rows.map(toPlayedTrack);
}
