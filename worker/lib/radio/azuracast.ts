// AzuraCast: its public now-playing API (GET /api/nowplaying/{station}).
import type { NowPlaying, Track } from "#schema/api.ts";
import { splitStreamTitle } from "./icecast";
import { fetchUpstreamJson, imageUrl, isRecord, text, UpstreamError } from "./upstream";

export type AzuraCastNowPlaying = {
  current: NowPlaying;
  next: Track | null;
  /** Recently played, newest first, as AzuraCast reports them. */
  history: (Track & { playedAt: Date | null })[];
  /** Each mount's listeners, by its path (station.mounts[].path, else its name). */
  mounts: Record<string, number>;
};

/** A song object (`{ title, artist, album, art, text }`), or null when it names no title. */
function songOf(entry: unknown): Track | null {
  const song = isRecord(entry) ? entry.song : undefined;
  if (!isRecord(song)) return null;
  let title = text(song.title);
  let artist = text(song.artist);
  if (!title) {
    // Songs without tags carry only the "Artist - Title" text.
    const split = splitStreamTitle(text(song.text) ?? "");
    title = split.title || null;
    artist = artist ?? (split.artist || null);
  }
  if (!title) return null;
  return { title, artist: artist ?? "", album: text(song.album), artwork: imageUrl(song.art) };
}

function countOf(listeners: unknown): number | null {
  if (!isRecord(listeners)) return null;
  const count = typeof listeners.current === "number" ? listeners.current : listeners.total;
  return typeof count === "number" && count >= 0 ? Math.floor(count) : null;
}

function mountsOf(body: Record<string, unknown>): Record<string, number> {
  const station = body.station;
  const list = isRecord(station) && Array.isArray(station.mounts) ? station.mounts : [];
  const mounts: Record<string, number> = {};
  for (const mount of list) {
    if (!isRecord(mount)) continue;
    const path = text(mount.path) ?? text(mount.name);
    const count = countOf(mount.listeners);
    if (path && count !== null) mounts[path] = (mounts[path] ?? 0) + count;
  }
  return mounts;
}

export function parseAzuraCast(body: unknown): AzuraCastNowPlaying {
  if (!isRecord(body)) throw new UpstreamError("AzuraCast answered no now-playing object");
  const current = songOf(body.now_playing);
  if (!current) throw new UpstreamError("AzuraCast reports no current song");
  const history = Array.isArray(body.song_history)
    ? body.song_history.flatMap((entry) => {
        const song = songOf(entry);
        if (!song) return [];
        const playedAt = isRecord(entry) && typeof entry.played_at === "number" ? entry.played_at : null;
        return [{ ...song, playedAt: playedAt === null ? null : new Date(playedAt * 1000) }];
      })
    : [];
  return {
    current: { ...current, listeners: countOf(body.listeners) },
    next: songOf(body.playing_next),
    history,
    mounts: mountsOf(body),
  };
}

/** `url` is the station's now-playing API URL, e.g. https://radio.example/api/nowplaying/lounge. */
export async function readAzuraCast(url: string): Promise<AzuraCastNowPlaying> {
  return parseAzuraCast(await fetchUpstreamJson(url));
}
