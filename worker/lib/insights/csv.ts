// The insights tables as CSV (RFC 4180), one table per file. A cell a spreadsheet would run as a
// formula (= + - @ at the start, as a track title may) is written as text, with a leading '.
import {
  type Insights,
  type InsightsRange,
  type InsightsTable,
  insightDimensions,
} from "#schema/api/insights.ts";

function cell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csv(header: string[], rows: (string | number | null)[][]): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
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
