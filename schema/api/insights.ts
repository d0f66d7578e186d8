// Station insights (ADR 021), for the admin only: GET /api/insights?range=, its CSV export and
// the listener-count setting. Imported by path (not through schema/api.ts), so none of it can
// reach the listeners' first load.
import { z } from "zod";

export const insightsRanges = ["24h", "7d", "30d", "90d"] as const;
export const insightsRange = z.enum(insightsRanges, { error: "range must be 24h, 7d, 30d or 90d" });
export type InsightsRange = z.infer<typeof insightsRange>;

export const insightsQuery = z.object({ range: insightsRange.default("24h") });

export const insightsTables = ["listeners", "mounts", "sessions", "songs"] as const;
export type InsightsTable = (typeof insightsTables)[number];
export const insightsExportQuery = z.object({
  range: insightsRange.default("24h"),
  table: z.enum(insightsTables, { error: "table must be listeners, mounts, sessions or songs" }),
});

/** How a listening stretch's length is counted: below `upToSeconds` (the last has no bound). */
export const sessionLengthBuckets = [
  { key: "under-1m", label: "Under 1 min", upToSeconds: 60 },
  { key: "1-5m", label: "1–5 min", upToSeconds: 5 * 60 },
  { key: "5-15m", label: "5–15 min", upToSeconds: 15 * 60 },
  { key: "15-30m", label: "15–30 min", upToSeconds: 30 * 60 },
  { key: "30-60m", label: "30–60 min", upToSeconds: 60 * 60 },
  { key: "1-2h", label: "1–2 h", upToSeconds: 2 * 60 * 60 },
  { key: "2h-plus", label: "2 h or more", upToSeconds: null },
] as const;

export const insightDimensions = ["length", "quality", "device", "country", "account", "via"] as const;
export type InsightDimension = (typeof insightDimensions)[number];

const count = z.number().int().nonnegative();

const breakdownRow = z.object({ value: z.string(), sessions: count, seconds: count });

const songImpactRow = z.object({
  title: z.string(),
  artist: z.string(),
  plays: count,
  /** Listeners at the end less at the start, averaged over its plays in the range. */
  averageChange: z.number(),
  averageListeners: z.number(),
  favorites: count,
});
export type SongImpactRow = z.infer<typeof songImpactRow>;

/** What the cron works out per range (song_impact_rankings.body). */
export const songImpact = z.object({ gainers: z.array(songImpactRow), losers: z.array(songImpactRow) });
export type SongImpact = z.infer<typeof songImpact>;

export const insights = z.object({
  range: insightsRange,
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** The series' step: minutes for 24 h, hours for 7 and 30 days, days for 90. */
  resolution: z.enum(["minute", "hour", "day"]),
  /** Whether listeners' screens and the public API show the count. */
  listenersPublic: z.boolean(),
  peak: count.nullable(),
  /** The average of every sample in the range, one decimal. */
  average: z.number().nullable(),
  /** The station's total per step, oldest first. */
  series: z.array(z.object({ start: z.iso.datetime(), min: count, average: z.number(), max: count })),
  /** Each mount (by path) with the quality whose stream it is, when it is one of the site's. */
  mounts: z.array(
    z.object({
      mount: z.string(),
      quality: z.enum(["hd", "sd", "mobile"]).nullable(),
      peak: count,
      average: z.number(),
    }),
  ),
  sessions: z.object({
    total: count,
    seconds: count,
    length: z.array(breakdownRow),
    quality: z.array(breakdownRow),
    device: z.array(breakdownRow),
    country: z.array(breakdownRow),
    account: z.array(breakdownRow),
    /** Where the player was: the site, or the embed on a partner's page (listeningVia). */
    via: z.array(breakdownRow),
  }),
  songImpact: songImpact.extend({ computedAt: z.iso.datetime().nullable() }),
});
export type Insights = z.infer<typeof insights>;

/** GET /api/insights/now: the host's count as the live room last read it (null when it reports none). */
export const insightsNow = z.object({ listeners: count.nullable(), readAt: z.iso.datetime().nullable() });
export type InsightsNow = z.infer<typeof insightsNow>;

/** PUT /api/insights/settings */
export const insightsSettings = z.object({
  listenersPublic: z.boolean({ error: "listenersPublic must be true or false" }),
});
export type InsightsSettings = z.infer<typeof insightsSettings>;
