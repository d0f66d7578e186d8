// How the rest of the worker reaches the live room: the station reader (one per station) and
// the shards that hold the players' connections.
import type { Track } from "#schema/api.ts";
import type { Config } from "../lib/config";
import { getDb } from "../lib/db";
import { latestRecordedTrack } from "../lib/history";
import { readCurrentTrack } from "../lib/radio";
import { shardName, stationReaderName } from "./names";

export { liveNetworkHeader, liveWiderNetworkHeader } from "./names";

import { coldState, type StationState, sourceOf } from "./station-state";

export { LiveShard } from "./live-shard";
export { ensureRecorders, streamRecorder } from "./recorders";
export { StationReader } from "./station-reader";
export { liveMessage, publicListeners, type StationState, sourceOf } from "./station-state";
export { type RecorderStatus, type RewindQuality, rewindQualities, StreamRecorder } from "./stream-recorder";

export function stationReader(env: Env) {
  return env.STATION_READER.getByName(stationReaderName);
}

/**
 * The shard a client network's players connect to: the same for all of them, so that shard alone
 * counts the network's sockets (ADR 032); many networks spread evenly over LIVE_SHARDS objects.
 * `networkKey` is a hex hash of the network (worker/lib/rate-limit.ts's clientKeys), an IPv6
 * client's /48 rather than its /64.
 */
export function liveShardOf(env: Env, config: Config, networkKey: string) {
  const index = Number.parseInt(networkKey.slice(0, 8), 16) % config.LIVE_SHARDS;
  return env.LIVE_SHARD.getByName(shardName(stationReaderName, Number.isFinite(index) ? index : 0));
}

/**
 * The room's state for the spec's HTTP calls. Within one isolate the reader is asked at most
 * about once a second: while one request refreshes the state, the others answer the state they
 * already have (at most a couple of seconds old) instead of waiting. No request ever awaits a
 * promise another request started: the Workers runtime ties I/O to the request that began it,
 * and a request left waiting on another's I/O can be cancelled as hung (a 500 under load).
 * Never throws: when the room does not answer, the last state this isolate had, else the
 * newest recorded track, else the fallback track.
 */
export function stationSnapshots({ ttlMs = 1000, refreshTimeoutMs = 2000, now = Date.now } = {}) {
  let cached: { state: StationState; at: number } | undefined;
  /** When a request began refreshing `cached`, while one does. A stuck refresh expires. */
  let refreshingSince: number | undefined;

  return async function currentStation(env: Env, config: Config): Promise<StationState> {
    const started = now();
    if (cached && started - cached.at < ttlMs) return cached.state;
    const refreshing = refreshingSince !== undefined && started - refreshingSince < refreshTimeoutMs;
    if (cached && refreshing) return cached.state;
    refreshingSince = started;
    try {
      const state = await stationReader(env).snapshot();
      cached = { state, at: now() };
      return state;
    } catch (err) {
      console.error(`the live room did not answer: ${String(err)}`);
      if (cached) return cached.state;
      const recorded = await latestRecordedTrack(getDb(env.DB)).catch(() => null);
      return coldState(sourceOf(config), recorded, now());
    } finally {
      if (refreshingSince === started) refreshingSince = undefined;
    }
  };
}

export const currentStation = stationSnapshots();

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
