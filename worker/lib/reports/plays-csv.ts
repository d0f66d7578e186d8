// Every play of the period as CSV (RFC 4180), for the rights organisations that ask for more
// than SoundExchange or in their own layout (ADR 038): one row a play, every field the site has,
// and whether the live room followed it (its listener figures are empty when not, never guessed).
import type { ReportPeriod } from "#schema/api/reports.ts";
import { csvRow } from "../csv";
import { performancesOf, type ReadCounter, reportPlays } from "./plays";

export const playsCsvColumns = [
  "played_at",
  "duration_seconds",
  "title",
  "artist",
  "album",
  "isrc",
  "label",
  "listeners_start",
  "listeners_average",
  "listeners_end",
  "performances",
  "listener_figures",
] as const;

export function playsCsvName(period: ReportPeriod): string {
  return `plays-${period.from}-to-${period.to}.csv`;
}

export async function* playsCsvLines(
  db: D1Database,
  period: ReportPeriod,
  counter?: ReadCounter,
): AsyncGenerator<string> {
  yield csvRow([...playsCsvColumns]);
  for await (const play of reportPlays(db, period, counter)) {
    const followed = play.listenersAvg !== null;
    yield csvRow([
      new Date(play.playedAt).toISOString(),
      play.durationMs === null ? null : Math.round(play.durationMs / 1000),
      play.title,
      play.artist,
      play.album,
      play.isrc,
      play.label,
      play.listenersStart,
      play.listenersAvg === null ? null : Math.round(play.listenersAvg * 100) / 100,
      play.listenersEnd,
      performancesOf(play),
      followed ? "followed" : "not followed",
    ]);
  }
}
