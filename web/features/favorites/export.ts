// The listener's favorites as files to keep (docs/product.md §10): CSV for spreadsheets, JSON for programs.
// Made in the browser from the list already loaded: no call, nothing else's data.
import type { Favorite } from "#schema/api.ts";

const columns = ["title", "artist", "album", "artwork", "saved_at"] as const;

function rowOf(favorite: Favorite): string[] {
  return [
    favorite.trackTitle,
    favorite.trackArtist,
    favorite.trackAlbum ?? "",
    favorite.trackArtwork ?? "",
    favorite.createdAt,
  ];
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field that a
 * spreadsheet would run as a formula (= + - @, tab or carriage return first) gets a leading
 * apostrophe, as OWASP advises against CSV injection: track titles come from the radio host.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** With a byte order mark, so spreadsheet programs read the accents as UTF-8. */
export function favoritesCsv(favorites: readonly Favorite[]): string {
  const lines = [columns.join(","), ...favorites.map((f) => rowOf(f).map(csvField).join(","))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export function favoritesJson(favorites: readonly Favorite[]): string {
  const tracks = favorites.map((f) => ({
    title: f.trackTitle,
    artist: f.trackArtist,
    album: f.trackAlbum,
    artwork: f.trackArtwork,
    savedAt: f.createdAt,
  }));
  return `${JSON.stringify(tracks, null, 2)}\n`;
}

/** "lounge-radio-favorites-2026-11-24.csv" */
export function exportFileName(stationName: string, extension: "csv" | "json", now = new Date()): string {
  const slug = stationName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug || "radio"}-favorites-${now.toISOString().slice(0, 10)}.${extension}`;
}
