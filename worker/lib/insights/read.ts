// The insights call (ADR 021): one D1 batch over the rollups only (listener samples at the
// range's step, session rollups, the stored song-impact ranking and the setting), shaped for
// the admin's screen and its CSV export.
import { and, eq, gte, ne } from "drizzle-orm";
import {
  type InsightDimension,
  type Insights,
  type InsightsRange,
  insightDimensions,
  sessionLengthBuckets,
  songImpact,
} from "#schema/api/insights.ts";
import { listenerSamples, sessionRollups } from "#schema/db.ts";
import type { Config } from "../config";
import type { Db } from "../db";
import { allMounts, dayMs, hourMs, minuteMs, round1 } from "./sampler";
import { listenersPublicOf, settingsQuery } from "./settings";
import { rangeMs, readSongImpact } from "./song-impact";

/** The series' step per range: enough points for a chart, few enough rows to read. */
export const seriesResolution: Record<InsightsRange, "minute" | "hour" | "day"> = {
  "24h": "minute",
  "7d": "hour",
  "30d": "hour",
  "90d": "day",
};

const stepMs = { minute: minuteMs, hour: hourMs, day: dayMs } as const;

/** The site's quality whose stream a mount is (its URL's path ends with the mount's path). */
export function qualityOfMount(config: Config, mount: string): "hd" | "sd" | "mobile" | null {
  const streams = { hd: config.STREAM_URL_HD, sd: config.STREAM_URL_SD, mobile: config.STREAM_URL_MOBILE };
  for (const [quality, url] of Object.entries(streams) as ["hd" | "sd" | "mobile", string][]) {
    try {
      const path = new URL(url).pathname;
      if (path === mount || path.endsWith(mount.startsWith("/") ? mount : `/${mount}`)) return quality;
    } catch {
      // Validated URLs always parse.
    }
  }
  return null;
}

export async function readInsights(
  db: Db,
  config: Config,
  range: InsightsRange,
  now: number,
): Promise<Insights> {
  const resolution = seriesResolution[range];
  const step = stepMs[resolution];
  // Whole steps: the first one that overlaps the range, up to the current one.
  const from = now - rangeMs[range];
  const seriesFrom = from - (from % step);
  // Per mount and per session value, hours for 24 h and days beyond: few rows per step.
  const coarse = range === "24h" ? "hour" : "day";
  const coarseFrom = from - (from % stepMs[coarse]);
  const [series, perMount, rollups, ranking, settings] = await db.batch([
    // The station's series alone, through listener_samples_mount_idx.
    db
      .select()
      .from(listenerSamples)
      .where(
        and(
          eq(listenerSamples.resolution, resolution),
          eq(listenerSamples.mount, allMounts),
          gte(listenerSamples.start, new Date(seriesFrom)),
        ),
      )
      .orderBy(listenerSamples.start),
    db
      .select()
      .from(listenerSamples)
      .where(
        and(
          eq(listenerSamples.resolution, coarse),
          gte(listenerSamples.start, new Date(coarseFrom)),
          ne(listenerSamples.mount, allMounts),
        ),
      ),
    // Summed here, not by GROUP BY: a grouping SQLite sorts is read twice (D1 counts both).
    db
      .select({
        dimension: sessionRollups.dimension,
        value: sessionRollups.value,
        sessions: sessionRollups.sessions,
        seconds: sessionRollups.seconds,
      })
      .from(sessionRollups)
      .where(and(eq(sessionRollups.resolution, coarse), gte(sessionRollups.start, new Date(coarseFrom)))),
    readSongImpact(db, range),
    settingsQuery(db),
  ]);

  let peak: number | null = null;
  let sum = 0;
  let count = 0;
  for (const row of series) {
    peak = Math.max(peak ?? 0, row.max);
    sum += row.sum;
    count += row.samples;
  }
  const mounts = new Map<string, { peak: number; sum: number; samples: number }>();
  for (const row of perMount) {
    const mount = mounts.get(row.mount) ?? { peak: 0, sum: 0, samples: 0 };
    mount.peak = Math.max(mount.peak, row.max);
    mount.sum += row.sum;
    mount.samples += row.samples;
    mounts.set(row.mount, mount);
  }

  const breakdown = Object.fromEntries(insightDimensions.map((d) => [d, []])) as unknown as Record<
    InsightDimension,
    { value: string; sessions: number; seconds: number }[]
  >;
  const groups = new Map<string, { value: string; sessions: number; seconds: number }>();
  for (const row of rollups) {
    const key = `${row.dimension}\u0000${row.value}`;
    let group = groups.get(key);
    if (!group) {
      group = { value: row.value, sessions: 0, seconds: 0 };
      groups.set(key, group);
      breakdown[row.dimension].push(group);
    }
    group.sessions += row.sessions;
    group.seconds += row.seconds;
  }
  const order = sessionLengthBuckets.map((b) => b.key as string);
  breakdown.length.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
  for (const dimension of insightDimensions) {
    if (dimension !== "length")
      breakdown[dimension].sort((a, b) => b.sessions - a.sessions || a.value.localeCompare(b.value));
  }
  // Every stretch is in exactly one length bucket.
  const total = breakdown.length.reduce((n, b) => n + b.sessions, 0);
  const seconds = breakdown.length.reduce((n, b) => n + b.seconds, 0);

  const stored = ranking[0];
  const parsed = stored ? songImpact.safeParse(JSON.parse(stored.body)) : null;

  return {
    range,
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
    resolution,
    listenersPublic: listenersPublicOf(settings),
    peak,
    average: count > 0 ? round1(sum / count) : null,
    series: series.map((row) => ({
      start: row.start.toISOString(),
      min: row.min,
      average: round1(row.sum / row.samples),
      max: row.max,
    })),
    mounts: [...mounts.entries()]
      .map(([mount, m]) => ({
        mount,
        quality: qualityOfMount(config, mount),
        peak: m.peak,
        average: round1(m.sum / m.samples),
      }))
      .sort((a, b) => a.mount.localeCompare(b.mount)),
    sessions: { total, seconds, ...breakdown },
    songImpact: {
      computedAt: stored && parsed?.success ? stored.computedAt.toISOString() : null,
      gainers: parsed?.success ? parsed.data.gainers : [],
      losers: parsed?.success ? parsed.data.losers : [],
    },
  };
}
