// How the rest of the worker reaches the live room: the station reader (one per station) and
// the shards that hold the players' connections.
import type { Track } from "#schema/api.ts";
import type { Config } from "../lib/config";
import { getDb } from "../lib/db";
import { latestRecordedTrack } from "../lib/history";
import { readCurrentTrack } from "../lib/radio";
import { shardName, stationReaderName } from "./names";
import { coldState, type StationState, sourceOf } from "./station-state";

export { LiveShard } from "./live-shard";
export { StationReader } from "./station-reader";
export { liveMessage, type StationState, sourceOf } from "./station-state";

export function stationReader(env: Env) {
  return env.STATION_READER.getByName(stationReaderName);
}

/** A shard picked at random, so connections spread evenly over LIVE_SHARDS objects. */
export function randomLiveShard(env: Env, config: Config) {
  return env.LIVE_SHARD.getByName(
    shardName(stationReaderName, Math.floor(Math.random() * config.LIVE_SHARDS)),
  );
}

/**
 * The room's state for the spec's HTTP calls. Within one isolate the reader is asked at most
 * once a second, and concurrent requests share one call, so a burst of requests never
 * becomes a burst at the one reader. Never throws: when the room does not answer, the last
 * state this isolate had, else the newest recorded track, else the fallback track.
 */
const snapshotTtlMs = 1000;
let cached: { state: StationState; at: number } | undefined;
let inFlight: Promise<StationState> | undefined;

export function currentStation(env: Env, config: Config): Promise<StationState> {
  if (cached && Date.now() - cached.at < snapshotTtlMs) return Promise.resolve(cached.state);
  inFlight ??= stationReader(env)
    .snapshot()
    .then((state) => {
      cached = { state, at: Date.now() };
      return state;
    })
    .catch(async (err: unknown) => {
      console.error(`the live room did not answer: ${String(err)}`);
      if (cached) return cached.state;
      const recorded = await latestRecordedTrack(getDb(env.DB)).catch(() => null);
      return coldState(sourceOf(config), recorded, Date.now());
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** The live room's reading counts for the cron when it is this recent. */
const liveStateFreshMs = 2 * 60_000;

/**
 * The cron's current track: the live room's (asking also restarts its polling if it ever
 * stopped); the host itself only as the backstop, when the room has no fresh reading.
 */
export async function liveTrackOrHost(env: Env, config: Config): Promise<Track> {
  try {
    const state = await stationReader(env).snapshot();
    const fresh = state.readAt !== null && Date.now() - state.readAt < liveStateFreshMs;
    if (fresh && state.source === sourceOf(config)) return state.current;
  } catch (err) {
    console.error(`cron: the live room did not answer: ${String(err)}`);
  }
  return readCurrentTrack(config);
}
