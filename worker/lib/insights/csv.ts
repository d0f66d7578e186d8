// The insights tables as CSV (RFC 4180, ../csv.ts), one table per file.
import {
  type Insights,
  type InsightsRange,
  type InsightsTable,
  insightDimensions,
} from "#schema/api/insights.ts";
import { type CsvValue, csvRow } from "../csv";

function csv(header: string[], rows: CsvValue[][]): string {
  return [header, ...rows].map(csvRow).join("");
}

export function insightsCsv(insights: Insights, table: InsightsTable): string {
  switch (table) {
    case "listeners":
      return csv(
        ["start", "min", "average", "max"],
        insights.series.map((p) => [p.start, p.min, p.average, p.max]),
      );
    case "mounts":
      return csv(
        ["mount", "quality", "peak", "average"],
        insights.mounts.map((m) => [m.mount, m.quality, m.peak, m.average]),
      );
    case "sessions":
      return csv(
        ["dimension", "value", "sessions", "seconds"],
        insightDimensions.flatMap((dimension) =>
          insights.sessions[dimension].map((row) => [dimension, row.value, row.sessions, row.seconds]),
        ),
      );
    case "songs":
      return csv(
        ["table", "title", "artist", "plays", "average_change", "average_listeners", "favorites"],
        (["gainers", "losers"] as const).flatMap((which) =>
          insights.songImpact[which].map((s) => [
            which,
            s.title,
            s.artist,
            s.plays,
            s.averageChange,
            s.averageListeners,
            s.favorites,
          ]),
        ),
      );
  }
}

export function insightsCsvName(table: InsightsTable, range: InsightsRange, now: number): string {
  return `insights-${table}-${range}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}
