// The period's plays for a report (ADR 038), read a page at a time in the order they were played
// (track_history_played_at_idx), each with its recording's ISRC and label (track_recordings' key,
// one lookup a play) and how long it played: to the next play, read one ahead. A report of any
// length holds one page at a time; each page reads its rows and their lookups, no more.
// ADR 038.
import type { ReportPeriod } from "#schema/api/reports.ts";
import { periodBounds } from "#schema/api/reports.ts";

export const playsPerPage = 5000;
/** How many plays the period holds (the played-at index, no table rows). */
export async function countPlays(db: D1Database, period: ReportPeriod): Promise<number> {
  const { start, end } = periodBounds(period);
  const row = await db
    .prepare("select count(*) as n from track_history where played_at >= ?1 and played_at < ?2")
    .bind(start, end)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export type ReportPlay = {
  id: number;
  title: string;
  artist: string;
  album: string | null;
  titleKey: string;
  artistKey: string;
  playedAt: number;
  /** Milliseconds to the next play; null for the last play when none followed yet. */
  durationMs: number | null;
  listenersStart: number | null;
  listenersEnd: number | null;
  listenersAvg: number | null;
  isrc: string | null;
  label: string | null;
  /** Where the ISRC and label came from; null when the recording was never looked up. */
  source: "provider" | "admin" | null;
};

type Row = {
  id: number;
  title: string;
  artist: string;
  album: string | null;
  title_key: string;
  artist_key: string;
  played_at: number;
  listeners_start: number | null;
  listeners_end: number | null;
  listeners_avg: number | null;
  isrc: string | null;
  label: string | null;
  source: "provider" | "admin" | null;
};

const pageSql = `select h.id, h.title, h.artist, h.album, lower(trim(h.title)) as title_key,
  lower(trim(h.artist)) as artist_key, h.played_at, h.listeners_start, h.listeners_end,
  h.listeners_avg, r.isrc, r.label, r.source
  from track_history h
  left join track_recordings r on r.title_key = lower(trim(h.title)) and r.artist_key = lower(trim(h.artist))
  where h.played_at >= ?1 and h.played_at < ?2 and (h.played_at > ?3 or (h.played_at = ?3 and h.id > ?4))
  order by h.played_at, h.id limit ?5`;

/** What the pages read (D1's rows_read), for the tests and the benchmark. */
export type ReadCounter = { pages: number; rowsRead: number; maxRowsReadPerPage: number };

/** The period's plays, oldest first, one page of D1 rows at a time. */
export async function* reportPlays(
  db: D1Database,
  period: ReportPeriod,
  counter: ReadCounter = { pages: 0, rowsRead: 0, maxRowsReadPerPage: 0 },
  pageSize = playsPerPage,
): AsyncGenerator<ReportPlay> {
  const { start, end } = periodBounds(period);
  let after = { playedAt: start - 1, id: 0 };
  let held: Row | null = null;
  for (;;) {
    const result = await db.prepare(pageSql).bind(start, end, after.playedAt, after.id, pageSize).all<Row>();
    counter.pages++;
    counter.rowsRead += result.meta.rows_read;
    counter.maxRowsReadPerPage = Math.max(counter.maxRowsReadPerPage, result.meta.rows_read);
    for (const row of result.results) {
      if (held) yield playOf(held, row.played_at);
      held = row;
    }
    const last = result.results.at(-1);
    if (!last || result.results.length < pageSize) break;
    after = { playedAt: last.played_at, id: last.id };
  }
  if (!held) return;
  const next = await db
    .prepare("select played_at from track_history where played_at >= ?1 order by played_at limit 1")
    .bind(end)
    .first<{ played_at: number }>();
  yield playOf(held, next?.played_at ?? null);
}

function playOf(row: Row, nextAt: number | null): ReportPlay {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    album: row.album,
    titleKey: row.title_key,
    artistKey: row.artist_key,
    playedAt: row.played_at,
    durationMs: nextAt === null ? null : nextAt - row.played_at,
    listenersStart: row.listeners_start,
    listenersEnd: row.listeners_end,
    listenersAvg: row.listeners_avg,
    isrc: row.isrc,
    label: row.label,
    source: row.source,
  };
}

/** A play's performances: its average listeners rounded, or null when the room did not follow it. */
export function performancesOf(play: Pick<ReportPlay, "listenersAvg">): number | null {
  return play.listenersAvg === null ? null : Math.round(play.listenersAvg);
}
