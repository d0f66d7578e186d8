// Icecast 2: reads /status-json.xsl and takes the configured mount's "Artist - Title".
import type { NowPlaying } from "#schema/api.ts";
import { fetchUpstreamJson, isRecord, text, UpstreamError } from "./upstream";

/** Icecast 2.4 writes `"title": -` (invalid JSON) for a source without a title yet. */
export function repairIcecastJson(body: string): string {
  return body.replace(/:\s*-\s*([,}\]])/g, ":null$1");
}

function sourcesOf(body: unknown): Record<string, unknown>[] {
  const source = isRecord(body) && isRecord(body.icestats) ? body.icestats.source : undefined;
  if (source === undefined) return [];
  return (Array.isArray(source) ? source : [source]).filter(isRecord);
}

function mountOf(source: Record<string, unknown>): string | null {
  const listenUrl = text(source.listenurl);
  if (!listenUrl) return null;
  try {
    return new URL(listenUrl).pathname;
  } catch {
    return null;
  }
}

/** Splits Icecast's "Artist - Title" at the first " - "; without one, the whole text is the title. */
export function splitStreamTitle(streamTitle: string): { artist: string; title: string } {
  const at = streamTitle.indexOf(" - ");
  if (at < 0) return { artist: "", title: streamTitle.trim() };
  return { artist: streamTitle.slice(0, at).trim(), title: streamTitle.slice(at + 3).trim() };
}

/**
 * How late status-json.xsl reports a title, on average: Icecast 2.4's statistics thread applies
 * queued updates every 300 ms, so the page lags the stream by 0 to 300 ms (88-277 ms measured on
 * the local station). The live room takes it off the moment it stamps a change (ADR 020).
 */
export const icecastStatusLagMs = 150;

/** The now-playing track of `mount` in a status-json.xsl document; listeners summed over all mounts. */
export function parseIcecastStatus(body: unknown, mount: string): NowPlaying {
  const sources = sourcesOf(body);
  const source = sources.find((s) => mountOf(s) === mount);
  if (!source) throw new UpstreamError(`Icecast has no source on mount ${mount}`);
  const streamTitle = text(source.title);
  // Some encoders send artist and title separately; Icecast then reports both fields.
  const artist = text(source.artist);
  const track = artist && streamTitle ? { artist, title: streamTitle } : splitStreamTitle(streamTitle ?? "");
  if (!track.title) throw new UpstreamError(`Icecast mount ${mount} has no title`);
  // The mounts are the same programme in different qualities, so the station's audience is their sum.
  const listeners = sources.reduce(
    (sum, s) => sum + (typeof s.listeners === "number" && s.listeners >= 0 ? Math.floor(s.listeners) : 0),
    0,
  );
  return { title: track.title, artist: track.artist, album: null, artwork: null, listeners };
}

/** Each mount's listener count (by its path, e.g. "/hd") in a status-json.xsl document. */
export function icecastMountListeners(body: unknown): Record<string, number> {
  const mounts: Record<string, number> = {};
  for (const source of sourcesOf(body)) {
    const mount = mountOf(source);
    if (mount && typeof source.listeners === "number" && source.listeners >= 0) {
      mounts[mount] = (mounts[mount] ?? 0) + Math.floor(source.listeners);
    }
  }
  return mounts;
}

export async function readIcecast(
  baseUrl: string,
  mount: string,
): Promise<{ current: NowPlaying; mounts: Record<string, number> }> {
  const url = `${baseUrl.replace(/\/+$/, "")}/status-json.xsl`;
  const body = await fetchUpstreamJson(url, { repair: repairIcecastJson });
  return { current: parseIcecastStatus(body, mount), mounts: icecastMountListeners(body) };
}
