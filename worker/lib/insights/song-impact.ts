// Song impact (ADR 021): which tracks gain and lose listeners while they play. The live room
// writes each play's counts (samples.ts); the cron ranks the tracks of each range every few
// minutes into song_impact_rankings, so the insights call reads one row instead of the plays.
import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import {
  type InsightsRange,
  insightsRanges,
  type SongImpact,
  type SongImpactRow,
} from "#schema/api/insights.ts";
import { songImpactRankings, trackHistory } from "#schema/db.ts";
import type { Db } from "../db";
import { dayMs, round1 } from "./sampler";

export const rangeMs: Record<InsightsRange, number> = {
  "24h": dayMs,
  "7d": 7 * dayMs,
  "30d": 30 * dayMs,
  "90d": 90 * dayMs,
};

/** How stale a range's ranking may get before the cron works it out again. */
const refreshAfterMs: Record<InsightsRange, number> = {
  "24h": 5 * 60_000,
  "7d": 30 * 60_000,
  "30d": 2 * 60 * 60_000,
  "90d": 6 * 60 * 60_000,
};

/** Tracks in each table. */
export const songImpactRows = 10;

/** The tracks of the plays since `from` that gained and lost listeners most, on average per play. */
export async function rankSongImpact(db: Db, from: number): Promise<SongImpact> {
  const rows = await db
    .select({
      // SQLite takes a bare column from the row that max() picks: the newest play's spelling.
      newest: sql<number>`max(${trackHistory.playedAt})`,
      title: sql<string>`trim(${trackHistory.title})`,
      artist: sql<string>`trim(${trackHistory.artist})`,
      plays: sql<number>`count(*)`,
      averageChange: sql<number>`avg(${trackHistory.listenersEnd} - ${trackHistory.listenersStart})`,
      averageListeners: sql<number>`avg(${trackHistory.listenersAvg})`,
      favorites: sql<number>`coalesce(sum(${trackHistory.favoritesAdded}), 0)`,
    })
    .from(trackHistory)
    .where(and(gte(trackHistory.playedAt, new Date(from)), isNotNull(trackHistory.listenersStart)))
    .groupBy(sql`lower(trim(${trackHistory.title}))`, sql`lower(trim(${trackHistory.artist}))`);
  const tracks: SongImpactRow[] = rows.map((r) => ({
    title: r.title,
    artist: r.artist,
    plays: Number(r.plays),
    averageChange: round1(Number(r.averageChange)),
    averageListeners: round1(Number(r.averageListeners)),
    favorites: Number(r.favorites),
  }));
  // Ties: the track played more often first, then by name, so the tables are stable.
  const byName = (a: SongImpactRow, b: SongImpactRow) =>
    b.plays - a.plays || a.artist.localeCompare(b.artist) || a.title.localeCompare(b.title);
  return {
    gainers: tracks
      .filter((t) => t.averageChange > 0)
      .sort((a, b) => b.averageChange - a.averageChange || byName(a, b))
      .slice(0, songImpactRows),
    losers: tracks
      .filter((t) => t.averageChange < 0)
      .sort((a, b) => a.averageChange - b.averageChange || byName(a, b))
      .slice(0, songImpactRows),
  };
}

/** The cron's step: ranks each range whose ranking is missing or stale. Answers the ranges it ranked. */
export async function refreshSongImpact(db: Db, now: number): Promise<InsightsRange[]> {
  const known = await db
    .select({ range: songImpactRankings.range, computedAt: songImpactRankings.computedAt })
    .from(songImpactRankings);
  const computed = new Map(known.map((k) => [k.range, k.computedAt.getTime()]));
  const due = insightsRanges.filter((range) => now - (computed.get(range) ?? 0) >= refreshAfterMs[range]);
  for (const range of due) {
    const body = JSON.stringify(await rankSongImpact(db, now - rangeMs[range]));
    await db
      .insert(songImpactRankings)
      .values({ range, computedAt: new Date(now), body })
      .onConflictDoUpdate({ target: songImpactRankings.range, set: { computedAt: new Date(now), body } });
  }
  return due;
}

/** The stored ranking of `range` (no row before the cron first ranked it). */
export function readSongImpact(db: Db, range: InsightsRange) {
  return db.select().from(songImpactRankings).where(eq(songImpactRankings.range, range));
}
