// What a report of the period will say, before it is downloaded (ADR 038): plays, recordings,
// how many have an ISRC, the performances, the aggregate tuning hours (listener-hours from the
// hourly listener samples of all mounts), and the recordings still without an ISRC.
import { periodBounds, type ReportPeriod, type ReportSummary } from "#schema/api/reports.ts";
import type { ReadCounter } from "./plays";
import { recordingTotals } from "./recordings";

const hourMs = 3_600_000;
const missingShown = 50;

export async function reportSummary(
  db: D1Database,
  period: ReportPeriod,
  counter?: ReadCounter,
): Promise<ReportSummary> {
  const totals = await recordingTotals(db, period, counter);
  const { start, end } = periodBounds(period);
  const tuning = await db
    .prepare(
      `select coalesce(sum(cast(sum as real) / samples), 0) as hours, count(*) as sampled
       from listener_samples where resolution = 'hour' and mount = '*' and start >= ?1 and start < ?2 and samples > 0`,
    )
    .bind(start, end)
    .first<{ hours: number; sampled: number }>();
  const missing = totals.recordings
    .filter((r) => r.isrc === null)
    .sort((a, b) => b.plays - a.plays || a.artist.localeCompare(b.artist) || a.title.localeCompare(b.title));
  return {
    from: period.from,
    to: period.to,
    plays: totals.plays,
    followedPlays: totals.followedPlays,
    recordings: totals.recordings.length,
    recordingsWithIsrc: totals.recordings.length - missing.length,
    performances: totals.recordings.reduce((sum, r) => sum + r.performances, 0),
    tuningHours: Math.round((tuning?.hours ?? 0) * 100) / 100,
    sampledHours: tuning?.sampled ?? 0,
    hours: Math.round((end - start) / hourMs),
    missing: missing.slice(0, missingShown).map(({ title, artist, album, plays, isrc, label, source }) => ({
      title,
      artist,
      album,
      plays,
      isrc,
      label,
      source,
    })),
    missingTotal: missing.length,
  };
}
