// What a restored database must hold beyond its row counts: every foreign key finds its row,
// and the listening statistics are what the history's plays make of them by the triggers' rules
// (migration 0002, ADR 012), so a restore that counted a play twice or lost one shows.
import type { Store } from "./store.ts";

const counted = (n: number | null | undefined, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** Lines for the summary, and the differences found. */
export type Check = { summary: string[]; problems: string[] };

/** Each table of the manifest with its row count, and no other table: the differences. */
export function compareCounts(counts: Record<string, number>, expected: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const table of new Set([...Object.keys(expected), ...Object.keys(counts)])) {
    if (!(table in counts)) problems.push(`d1: table ${table} is missing`);
    else if (!(table in expected)) problems.push(`d1: table ${table} is not in the backup`);
    else if (counts[table] !== expected[table])
      problems.push(`d1: ${table} has ${counts[table]} rows, the backup ${expected[table]}`);
  }
  return problems;
}

/** `PRAGMA foreign_key_check`: rows whose foreign key names a row that is not there. */
export async function checkForeignKeys(store: Store): Promise<Check> {
  const [rows = []] = await store.query(["PRAGMA foreign_key_check"]);
  const missing = new Map<string, { table: string; parent: string; n: number }>();
  for (const row of rows) {
    const key = `${row.table}\0${row.parent}`;
    const seen = missing.get(key) ?? { table: String(row.table), parent: String(row.parent), n: 0 };
    missing.set(key, { ...seen, n: seen.n + 1 });
  }
  if (missing.size === 0) return { summary: ["d1: every foreign key finds its row"], problems: [] };
  return {
    summary: [],
    problems: [...missing.values()].map(
      (m) => `d1: ${counted(m.n, "row")} of ${m.table} name a ${m.parent} row that is not there`,
    ),
  };
}

/** A stats table of groups of plays: its key columns and the spelling columns it keeps. */
type GroupTable = { table: string; keys: string[]; names: string[] };
const artistPlays: GroupTable = { table: "artist_plays", keys: ["artist_key"], names: ["artist"] };
const trackPlays: GroupTable = {
  table: "track_plays",
  keys: ["title_key", "artist_key"],
  names: ["title", "artist"],
};

/**
 * The groups the history's plays make, as the insert trigger and migration 0002 make them: keyed
 * lower-cased and trimmed, with the play count, the newest play's time and its spelling.
 */
function groupsOfHistory({ keys, names }: GroupTable): string {
  const partition = names.map((c) => `lower(trim(${c}))`).join(", ");
  const columns = names.flatMap((c, i) => [`lower(trim(${c})) AS ${keys[i]}`, `trim(${c}) AS ${c}`]);
  return `SELECT ${columns.join(", ")}, count(*) OVER grp AS plays, max(played_at) OVER grp AS last_played,
      row_number() OVER (PARTITION BY ${partition} ORDER BY played_at DESC, id DESC) AS n
    FROM track_history WINDOW grp AS (PARTITION BY ${partition})`;
}

/**
 * One statement per table (the history grouped once): its rows no play makes (`extra`), the
 * groups it has no row for (`missing`), and its rows that are not exactly their group's
 * (`differing`: `extra` and those with other plays, spelling or newest play). EXCEPT sorts; a
 * join of the two without an index took 13 s for 30,000 plays.
 */
function groupDifferences(g: GroupTable): string {
  const keys = g.keys.join(", ");
  const all = [...g.keys, ...g.names, "plays", "last_played"].join(", ");
  return `WITH h AS MATERIALIZED (SELECT ${all} FROM (${groupsOfHistory(g)}) WHERE n = 1),
    r AS MATERIALIZED (SELECT ${all} FROM ${g.table})
  SELECT (SELECT count(*) FROM (SELECT ${keys} FROM r EXCEPT SELECT ${keys} FROM h)) AS extra,
    (SELECT count(*) FROM (SELECT ${keys} FROM h EXCEPT SELECT ${keys} FROM r)) AS missing,
    (SELECT count(*) FROM (SELECT * FROM r EXCEPT SELECT * FROM h)) AS differing`;
}

const totalsStatement = `SELECT (SELECT count(*) FROM track_history) AS plays,
    (SELECT count(*) FROM track_plays) AS tracks, (SELECT count(*) FROM artist_plays) AS artists,
    (SELECT count(*) FROM listening_totals) AS totals_rows, t.total_plays, t.unique_tracks, t.unique_artists
  FROM (SELECT 1) LEFT JOIN listening_totals t ON t.id = 1`;

/**
 * `listening_totals` against `count(*)` of the history and of the two group tables, and each
 * group row against the group the history's plays make. Nothing to check when the database has
 * no stats tables (a backup from before migration 0002).
 */
export async function checkListeningStats(store: Store, tables: string[]): Promise<Check> {
  if (
    !["track_history", "listening_totals", artistPlays.table, trackPlays.table].every((t) =>
      tables.includes(t),
    )
  )
    return { summary: ["d1: no listening stats tables to check"], problems: [] };
  const [totals, ...groups] = await store.query([
    totalsStatement,
    groupDifferences(artistPlays),
    groupDifferences(trackPlays),
  ]);
  const t = (totals?.[0] ?? {}) as Record<string, number | null>;
  const problems: string[] = [];
  if (t.totals_rows !== 1 || t.total_plays === null)
    problems.push(`d1: listening_totals has ${counted(t.totals_rows, "row")}, not the one row with id 1`);
  else {
    if (t.total_plays !== t.plays)
      problems.push(
        `d1: listening_totals counts ${counted(t.total_plays, "play")}, track_history has ${t.plays}`,
      );
    if (t.unique_tracks !== t.tracks)
      problems.push(
        `d1: listening_totals counts ${counted(t.unique_tracks, "track")}, track_plays has ${t.tracks}`,
      );
    if (t.unique_artists !== t.artists)
      problems.push(
        `d1: listening_totals counts ${counted(t.unique_artists, "artist")}, artist_plays has ${t.artists}`,
      );
  }
  for (const [i, g] of [artistPlays, trackPlays].entries()) {
    const { extra = 0, missing = 0, differing = 0 } = (groups[i]?.[0] ?? {}) as Record<string, number>;
    const wrong = differing - extra;
    const parts = [
      wrong ? `${counted(wrong, "row")} with other plays, spelling or newest play` : "",
      extra ? `${counted(extra, "row")} that no play makes` : "",
      missing ? `no row for ${counted(missing, "group")} of plays` : "",
    ].filter(Boolean);
    if (parts.length > 0)
      problems.push(`d1: ${g.table} differs from the history's plays: ${parts.join(", ")}`);
  }
  if (problems.length > 0) return { summary: [], problems };
  return {
    summary: [
      `d1: listening stats agree with the history: ${counted(t.plays, "play")}, ${counted(t.tracks, "track")}, ${counted(t.artists, "artist")}`,
    ],
    problems,
  };
}
