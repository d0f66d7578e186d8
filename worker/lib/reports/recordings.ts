// The period's recordings for a report (ADR 038): every play summed up per recording, keyed as
// the statistics key tracks (lower(trim()) of title and artist), in the order first played. One
// entry per recording stays in memory while the pages of plays pass, never the plays themselves.
import type { ReportPeriod } from "#schema/api/reports.ts";
import { performancesOf, type ReadCounter, reportPlays } from "./plays";

export type RecordingTotal = {
  title: string;
  artist: string;
  album: string | null;
  isrc: string | null;
  label: string | null;
  source: "provider" | "admin" | null;
  plays: number;
  /** Plays with listener figures: the live room followed them from start to end. */
  followedPlays: number;
  /** The sum of its followed plays' performances (each the average listeners, rounded). */
  performances: number;
};

export type PeriodTotals = { recordings: RecordingTotal[]; plays: number; followedPlays: number };

export async function recordingTotals(
  db: D1Database,
  period: ReportPeriod,
  counter?: ReadCounter,
): Promise<PeriodTotals> {
  const byKey = new Map<string, RecordingTotal>();
  let plays = 0;
  let followedPlays = 0;
  for await (const play of reportPlays(db, period, counter)) {
    const key = `${play.titleKey}\n${play.artistKey}`;
    let total = byKey.get(key);
    if (!total) {
      total = {
        title: play.title.trim(),
        artist: play.artist.trim(),
        album: play.album,
        isrc: play.isrc,
        label: play.label,
        source: play.source,
        plays: 0,
        followedPlays: 0,
        performances: 0,
      };
      byKey.set(key, total);
    }
    total.album ??= play.album;
    total.plays++;
    plays++;
    const performances = performancesOf(play);
    if (performances !== null) {
      total.followedPlays++;
      total.performances += performances;
      followedPlays++;
    }
  }
  return { recordings: [...byKey.values()], plays, followedPlays };
}
