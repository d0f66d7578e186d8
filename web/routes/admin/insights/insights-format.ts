// The insights screen's words and numbers: what each range, quality, device, account, length and
// country is called, and how counts and durations read.
import { type InsightsRange, sessionLengthBuckets } from "#schema/api/insights.ts";

export const rangeNames: Record<InsightsRange, string> = {
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
};

export const qualityNames: Record<string, string> = {
  hd: "HD (320 kbps)",
  sd: "SD (128 kbps)",
  mobile: "Mobile (64 kbps)",
};
export const deviceNames: Record<string, string> = {
  mobile: "Phone",
  tablet: "Tablet",
  desktop: "Computer",
  other: "Other",
};
export const accountNames: Record<string, string> = { anonymous: "Not logged in", member: "Logged in" };
export const viaNames: Record<string, string> = { site: "On the site", embed: "Embedded on partners' pages" };
export const lengthNames: Record<string, string> = Object.fromEntries(
  sessionLengthBuckets.map((b) => [b.key, b.label]),
);
const countryNames = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: "region" });
  } catch {
    return null;
  }
})();

export function countryName(code: string): string {
  if (code === "unknown") return "Unknown";
  if (code === "T1") return "Tor network";
  try {
    return countryNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

export const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
