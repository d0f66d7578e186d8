// Covers, ISRCs and labels from MusicBrainz and the Cover Art Archive (ADR 019, ADR 038): one
// search for the recording by artist and title gives the release groups whose recording matches
// ours after normalising (normalise.ts), for their front cover, and the ISRC of the recording
// whose title is ours exactly; one release lookup gives that recording's label. MusicBrainz asks
// for at most one request a second from a client that names itself in its User-Agent; lookup.ts
// spaces the calls.
import { isrcPattern } from "#schema/api/reports.ts";
import type { Config } from "../config";
import { isRecord, text } from "../radio/upstream";
import { artistsMatch, sameRecordingTitle, titlesMatch } from "./normalise";

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

type Release = { id: string; group: string; title: string; official: boolean; type: string | null };

const mbid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** MusicBrainz's own "[no label]" label: a release it marks as self-released, not a label's name. */
const noLabel = "157afde4-4bf5-4039-8ad2-5a15acc85176";

function releasesOf(recording: Record<string, unknown>): Release[] {
  if (!Array.isArray(recording.releases)) return [];
  return recording.releases.flatMap((release): Release[] => {
    if (!isRecord(release) || !isRecord(release["release-group"])) return [];
    const group = text(release["release-group"].id);
    const id = text(release.id);
    if (!group || !mbid.test(group)) return [];
    return [
      {
        id: id && mbid.test(id) ? id : "",
        group,
        title: text(release.title) ?? "",
        official: release.status === "Official",
        type: text(release["release-group"]["primary-type"]),
      },
    ];
  });
}

/** The recording a search found for a track: its MusicBrainz id, ISRC and best release. */
export type FoundRecording = { id: string; isrc: string | null; release: string | null };

async function getJson(config: Config, url: string, what: string): Promise<unknown> {
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
  if (res.status === 404 && what === "release") {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new ProviderUnavailable(`MusicBrainz answered ${res.status} for the ${what}`);
  }
  return res.json().catch(() => null);
}

/**
 * One search for the track: the release groups whose recording is ours (artist and title match
 * after normalising), best first (the album we know of, then official albums and singles, then
 * the rest), and the recording whose title is ours exactly, with its first ISRC and its best
 * release (null when no recording is exactly ours).
 */
export async function searchRecording(
  config: Config,
  track: { artist: string; title: string; album?: string | null },
): Promise<{ groups: string[]; recording: FoundRecording | null }> {
  const query = `recording:${phrase(searchTitle(track.title))} AND artist:${phrase(track.artist.replace(/\s+(?:feat\.?|ft\.|featuring)\s.*$/i, ""))}`;
  const url = `${config.MUSICBRAINZ_URL}/ws/2/recording?query=${encodeURIComponent(query)}&fmt=json&limit=10`;
  const body = await getJson(config, url, "search");
  if (!isRecord(body) || !Array.isArray(body.recordings))
    throw new ProviderUnavailable("MusicBrainz answered no recordings list");
  const ours = body.recordings
    .filter(isRecord)
    .filter(
      (r) =>
        titlesMatch(track.title, text(r.title) ?? "") &&
        artistsMatch(track.artist, creditLine(r["artist-credit"])),
    );
  const album = track.album ? titlesMatch.bind(null, track.album) : () => false;
  const rank = (r: Release) =>
    (album(r.title) ? 0 : 4) + (r.official ? 0 : 2) + (r.type === "Album" || r.type === "Single" ? 0 : 1);
  const best = (releases: Release[]) =>
    releases
      .map((r, i) => ({ r, i }))
      .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
      .map(({ r }) => r);
  const groups = [...new Set(best(ours.flatMap(releasesOf)).map((r) => r.group))].slice(0, maxReleaseGroups);
  const exact = ours.filter(
    (r) => sameRecordingTitle(track.title, text(r.title) ?? "") && mbid.test(text(r.id) ?? ""),
  );
  const isrcOf = (r: Record<string, unknown>) =>
    (Array.isArray(r.isrcs) ? r.isrcs : [])
      .map((code) => text(code)?.toUpperCase().replace(/-/g, "") ?? "")
      .find((code) => isrcPattern.test(code)) ?? null;
  // The first exact recording with an ISRC, else the first exact one (its label may still be known).
  const chosen = exact.find((r) => isrcOf(r) !== null) ?? exact[0];
  const recording = chosen
    ? {
        id: text(chosen.id) as string,
        isrc: isrcOf(chosen),
        release: best(releasesOf(chosen)).find((r) => r.id)?.id ?? null,
      }
    : null;
  return { groups, recording };
}

/** The release's label as MusicBrainz files it (the first named one), or null when it has none. */
export async function releaseLabel(config: Config, release: string): Promise<string | null> {
  const body = await getJson(
    config,
    `${config.MUSICBRAINZ_URL}/ws/2/release/${release}?inc=labels&fmt=json`,
    "release",
  );
  if (!isRecord(body) || !Array.isArray(body["label-info"])) return null;
  for (const info of body["label-info"]) {
    if (!isRecord(info) || !isRecord(info.label) || info.label.id === noLabel) continue;
    const name = text(info.label.name)?.trim();
    if (name) return name;
  }
  return null;
}

/**
 * The Cover Art Archive's front cover of a release group, 500 pixels or its 250-pixel thumbnail
 * (a redirect to the image, or 404).
 */
export function frontCoverUrl(config: Config, releaseGroup: string, size: 250 | 500 = 500): string {
  return `${config.COVER_ART_ARCHIVE_URL}/release-group/${releaseGroup}/front-${size}`;
}
