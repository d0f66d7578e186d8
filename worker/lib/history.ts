// Track history: appended by the live room and the cron trigger, read by /api/track-history and /api/stats.
import type { ListeningStats, NowPlaying, TrackHistoryItem } from "../../schema/api";

export const trackHistoryLimit = 100;
const statsTopCount = 10;
const statsRecentCount = 10;

type HistoryRow = {
  id: number;
  title: string;
  artist: string;
  album: string | null;
  artwork: string | null;
  played_at: number;
};

const historyColumns = "id, title, artist, album, artwork, played_at";

function toItem(row: HistoryRow): TrackHistoryItem {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    album: row.album,
    artwork: row.artwork,
    playedAt: new Date(row.played_at).toISOString(),
  };
}

/** Newest first. */
export async function listTrackHistory(
  d1: D1Database,
  limit = trackHistoryLimit,
): Promise<TrackHistoryItem[]> {
  const { results } = await d1
    .prepare(`select ${historyColumns} from track_history order by played_at desc, id desc limit ?1`)
    .bind(limit)
    .all<HistoryRow>();
  return results.map(toItem);
}

/** The most recently recorded track, or null when nothing was recorded yet. */
export async function latestRecordedTrack(d1: D1Database): Promise<NowPlaying | null> {
  const row = await d1
    .prepare(`select ${historyColumns} from track_history order by played_at desc, id desc limit 1`)
    .first<HistoryRow>();
  return row ? { title: row.title, artist: row.artist, album: row.album, artwork: row.artwork } : null;
}

/**
 * Appends the track unless it equals the latest row (title and artist, trimmed and
 * case-insensitive). One statement, so concurrent writers (the cron, the live room) can
 * never both append it. Returns the new row, or null when none was added.
 */
export async function appendIfChanged(
  d1: D1Database,
  track: { title: string; artist: string; album?: string | null; artwork?: string | null },
  playedAt: number,
): Promise<TrackHistoryItem | null> {
  const result = await d1
    .prepare(
      `insert into track_history (title, artist, album, artwork, played_at)
       select ?1, ?2, ?3, ?4, ?5
       where not exists (
         select 1 from (select title, artist from track_history order by played_at desc, id desc limit 1) latest
         where lower(trim(latest.title)) = lower(?1) and lower(trim(latest.artist)) = lower(?2)
       )`,
    )
    .bind(track.title.trim(), track.artist.trim(), track.album ?? null, track.artwork ?? null, playedAt)
    .run();
  if (result.meta.changes === 0) return null;
  return toItem({
    id: result.meta.last_row_id,
    title: track.title.trim(),
    artist: track.artist.trim(),
    album: track.album ?? null,
    artwork: track.artwork ?? null,
    played_at: playedAt,
  });
}

export async function deleteHistoryBefore(d1: D1Database, before: number): Promise<number> {
  const result = await d1.prepare("delete from track_history where played_at < ?1").bind(before).run();
  return result.meta.changes;
}

type ArtistCount = { artist: string; plays: number };
type TrackCount = { title: string; artist: string; plays: number };

/** The /analytics statistics over the whole history, computed in SQL in one round trip. */
export async function computeListeningStats(d1: D1Database): Promise<ListeningStats> {
  // Tracks and artists are grouped as SPEC section 5 de-duplicates them (lower-cased,
  // trimmed); each group is shown with its most recently played spelling, trimmed.
  const [totals, artists, tracks, recent] = await d1.batch<unknown>([
    d1.prepare(
      `select count(*) as totalPlays,
              count(distinct lower(trim(title)) || char(0) || lower(trim(artist))) as uniqueTracks,
              count(distinct lower(trim(artist))) as uniqueArtists
       from track_history`,
    ),
    d1
      .prepare(
        `select (select trim(t.artist) from track_history t where lower(trim(t.artist)) = g.artist_key
                 order by t.played_at desc, t.id desc limit 1) as artist,
                g.plays as plays
         from (select lower(trim(artist)) as artist_key, count(*) as plays, max(played_at) as last_played
               from track_history group by artist_key) g
         order by g.plays desc, g.last_played desc, g.artist_key
         limit ?1`,
      )
      .bind(statsTopCount),
    d1
      .prepare(
        `select (select trim(t.title) from track_history t where lower(trim(t.title)) = g.title_key
                   and lower(trim(t.artist)) = g.artist_key order by t.played_at desc, t.id desc limit 1) as title,
                (select trim(t.artist) from track_history t where lower(trim(t.title)) = g.title_key
                   and lower(trim(t.artist)) = g.artist_key order by t.played_at desc, t.id desc limit 1) as artist,
                g.plays as plays
         from (select lower(trim(title)) as title_key, lower(trim(artist)) as artist_key,
                      count(*) as plays, max(played_at) as last_played
               from track_history group by title_key, artist_key) g
         order by g.plays desc, g.last_played desc, g.title_key, g.artist_key
         limit ?1`,
      )
      .bind(statsTopCount),
    d1
      .prepare(`select ${historyColumns} from track_history order by played_at desc, id desc limit ?1`)
      .bind(statsRecentCount),
  ]);
  const total = (totals?.results[0] ?? {}) as {
    totalPlays?: number;
    uniqueTracks?: number;
    uniqueArtists?: number;
  };
  const topArtists = (artists?.results ?? []) as ArtistCount[];
  const topTracks = (tracks?.results ?? []) as TrackCount[];
  return {
    totalPlays: total.totalPlays ?? 0,
    uniqueTracks: total.uniqueTracks ?? 0,
    uniqueArtists: total.uniqueArtists ?? 0,
    topArtist: topArtists[0] ?? null,
    topTrack: topTracks[0] ?? null,
    topArtists,
    topTracks,
    recent: ((recent?.results ?? []) as HistoryRow[]).map(toItem),
  };
}
