// Relative times for played tracks ("3 minutes ago"), in plain English.

const units: [limitSeconds: number, secondsPerUnit: number, unit: string][] = [
  [3600, 60, "minute"],
  [86_400, 3600, "hour"],
  [7 * 86_400, 86_400, "day"],
  [30 * 86_400, 7 * 86_400, "week"],
  [365 * 86_400, 30 * 86_400, "month"],
  [Number.POSITIVE_INFINITY, 365 * 86_400, "year"],
];

/** "just now", "1 minute ago", "5 hours ago", "2 days ago"...; future times count as just now. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const seconds = Math.floor((now - then) / 1000);
  if (seconds < 60) return "just now";
  for (const [limit, perUnit, unit] of units) {
    if (seconds < limit) {
      const n = Math.floor(seconds / perUnit);
      return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
    }
  }
  return "";
}

/** A time listened: "0 min", "under 1 min", "45 min", "2 h 5 min", "26 h". */
export function listenedTime(seconds: number): string {
  if (seconds > 0 && seconds < 60) return "under 1 min";
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
