// What listeners see: the cached current and next track, with the fallbacks of SPEC section 8.
import type { NowPlaying, Track } from "../../../schema/api";
import { fallbackTrack } from "../../../schema/station";
import { getConfig } from "../config";
import { latestRecordedTrack } from "../history";
import { readThrough } from "./cache";
import { currentTrackSource, nextTrackSource, readCurrentTrack, readNextTrack } from "./index";

/** The last track each upstream answered in this isolate, for when it stops answering. */
const lastKnown = new Map<string, NowPlaying>();

function cacheKey(requestUrl: string, kind: "now-playing" | "next-track", source: string): string {
  const url = new URL(`/api/radio/${kind}`, requestUrl);
  url.searchParams.set("source", source);
  return url.toString();
}

async function lastKnownTrack(d1: D1Database, source: string): Promise<NowPlaying> {
  const remembered = lastKnown.get(source);
  if (remembered) return { ...remembered, listeners: null };
  try {
    const recorded = await latestRecordedTrack(d1);
    if (recorded) return { ...recorded, listeners: null };
  } catch (err) {
    console.error("reading the latest recorded track failed", err);
  }
  return { ...fallbackTrack, album: null, artwork: null, listeners: null };
}

/** Never throws: upstream trouble answers the last known track, else the fallback track. */
export function nowPlayingForListeners(env: Env, requestUrl: string): Promise<NowPlaying> {
  const config = getConfig(env);
  const source = currentTrackSource(config);
  return readThrough(cacheKey(requestUrl, "now-playing", source), async () => {
    try {
      const track = await readCurrentTrack(config);
      lastKnown.set(source, track);
      return track;
    } catch (err) {
      console.warn(`now playing unavailable from ${source}: ${String(err)}`);
      return lastKnownTrack(env.DB, source);
    }
  });
}

/** Never throws: null when no source is configured, it knows nothing, or it fails. */
export async function nextTrackForListeners(env: Env, requestUrl: string): Promise<Track | null> {
  const config = getConfig(env);
  const source = nextTrackSource(config);
  if (source === "none") return null;
  return readThrough(cacheKey(requestUrl, "next-track", source), async () => {
    try {
      return await readNextTrack(config);
    } catch (err) {
      console.warn(`next track unavailable from ${source}: ${String(err)}`);
      return null;
    }
  });
}
