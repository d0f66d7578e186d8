// Covers from MusicBrainz and the Cover Art Archive (ADR 019): one search for the recording by
// artist and title, then the front cover of the release groups whose recording matches ours
// after normalising (normalise.ts). MusicBrainz asks for at most one request a second from a
// client that names itself in its User-Agent; lookup.ts spaces the calls.
import type { Config } from "../config";
import { isRecord, text } from "../radio/upstream";
import { artistsMatch, titlesMatch } from "./normalise";

const searchTimeoutMs = 5000;
/** Release groups tried for a cover, best first. */
const maxReleaseGroups = 3;

/** The provider refused for now (rate limit, outage): try again later, do not remember a miss. */
export class ProviderUnavailable extends Error {
  override name = "ProviderUnavailable";
}

export function userAgent(config: Config): string {
  return `LoungeRadio/1.0 ( ${config.SITE_URL} )`;
}

/** Lucene's phrase query for a value: quotes and backslashes escaped. */
function phrase(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** The title without bracketed notes or featured artists, as MusicBrainz files the recording. */
function searchTitle(title: string): string {
  const bare = title
    .replace(/\s*[([{][^()[\]{}]*[)\]}]/g, "")
    .replace(/\s+(?:feat\.?|ft\.|featuring)\s.*$/i, "")
    .trim();
  return bare || title.trim();
}

/** A recording's artist credit as one line: names joined by their join phrases. */
function creditLine(credit: unknown): string {
  if (!Array.isArray(credit)) return "";
  return credit
    .map((part) => (isRecord(part) ? `${text(part.name) ?? ""}${part.joinphrase ?? ""}` : ""))
    .join("");
}

type Release = { group: string; title: string; official: boolean; type: string | null };

function releasesOf(recording: Record<string, unknown>): Release[] {
  if (!Array.isArray(recording.releases)) return [];
  return recording.releases.flatMap((release): Release[] => {
    if (!isRecord(release) || !isRecord(release["release-group"])) return [];
    const group = text(release["release-group"].id);
    if (!group || !/^[0-9a-f-]{36}$/.test(group)) return [];
    return [
      {
        group,
        title: text(release.title) ?? "",
        official: release.status === "Official",
        type: text(release["release-group"]["primary-type"]),
      },
    ];
  });
}

/**
 * Release groups whose recording is ours (artist and title match after normalising), best
 * first: the album we know of, then official albums and singles, then the rest.
 */
export async function matchingReleaseGroups(
  config: Config,
  track: { artist: string; title: string; album?: string | null },
): Promise<string[]> {
  const query = `recording:${phrase(searchTitle(track.title))} AND artist:${phrase(track.artist.replace(/\s+(?:feat\.?|ft\.|featuring)\s.*$/i, ""))}`;
  const url = `${config.MUSICBRAINZ_URL}/ws/2/recording?query=${encodeURIComponent(query)}&fmt=json&limit=10`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { Accept: "application/json", "User-Agent": userAgent(config) },
      signal: AbortSignal.timeout(searchTimeoutMs),
    });
  } catch (err) {
    throw new ProviderUnavailable(
      `MusicBrainz unreachable or slower than ${searchTimeoutMs} ms: ${String(err)}`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new ProviderUnavailable(`MusicBrainz answered ${res.status}`);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!isRecord(body) || !Array.isArray(body.recordings))
    throw new ProviderUnavailable("MusicBrainz answered no recordings list");
  const releases = body.recordings
    .filter(isRecord)
    .filter(
      (r) =>
        titlesMatch(track.title, text(r.title) ?? "") &&
        artistsMatch(track.artist, creditLine(r["artist-credit"])),
    )
    .flatMap(releasesOf);
  const album = track.album ? titlesMatch.bind(null, track.album) : () => false;
  const rank = (r: Release) =>
    (album(r.title) ? 0 : 4) + (r.official ? 0 : 2) + (r.type === "Album" || r.type === "Single" ? 0 : 1);
  const ordered = releases.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i);
  return [...new Set(ordered.map(({ r }) => r.group))].slice(0, maxReleaseGroups);
}

/** The Cover Art Archive's 500-pixel front cover of a release group (a redirect to the image, or 404). */
export function frontCoverUrl(config: Config, releaseGroup: string): string {
  return `${config.COVER_ART_ARCHIVE_URL}/release-group/${releaseGroup}/front-500`;
}
