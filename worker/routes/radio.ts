import { Hono } from "hono";
import type { NextTrack, NowPlaying, Track } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { clientKeys } from "../http/rate-limit";
import { isSameOrigin } from "../http/request-guards";
import { getConfig } from "../lib/config";
import {
  currentStation,
  liveNetworkHeader,
  liveShardOf,
  liveWiderNetworkHeader,
  publicListeners,
  type StationState,
} from "../live";

/** Browsers and the edge may reuse an answer briefly; live players get changes pushed instead. */
const cacheControl = "public, max-age=5";

const trackOf = (track: Track): Track => ({
  title: track.title,
  artist: track.artist,
  album: track.album ?? null,
  artwork: track.artwork ?? null,
});

const nowPlayingOf = (state: StationState): NowPlaying => ({
  ...trackOf(state.current),
  ...publicListeners(state),
  historyId: state.played?.id ?? null,
});
const nextTrackOf = (state: StationState): NextTrack => (state.next ? trackOf(state.next) : null);

/**
 * A call's JSON for each state, made once: the isolate keeps one state object until it asks the
 * live room again (at most once a second), and every listener's poll in between gets the same
 * text. The response itself is new each time, with its headers given in one go (ADR 016).
 */
function answerOf<T>(of: (state: StationState) => T) {
  const bodies = new WeakMap<StationState, string>();
  return (state: StationState): Response => {
    let body = bodies.get(state);
    if (body === undefined) {
      body = JSON.stringify(of(state));
      bodies.set(state, body);
    }
    return new Response(body, {
      headers: [
        ["Content-Type", "application/json"],
        ["Cache-Control", cacheControl],
      ],
    });
  };
}

const nowPlayingAnswer = answerOf(nowPlayingOf);
const nextTrackAnswer = answerOf(nextTrackOf);

export const radio = new Hono<AppEnv>()
  // Both answer from the live room's state: no listener's request ever waits on the radio host.
  .get("/now-playing", async (c) => nowPlayingAnswer(await currentStation(c.env, getConfig(c.env))))
  .get("/next-track", async (c) => nextTrackAnswer(await currentStation(c.env, getConfig(c.env))))
  // The live connection: the current state first, then one message per change (schema/api.ts).
  .get("/live", async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      c.header("Upgrade", "websocket");
      return jsonError(c, 426, "This address takes a WebSocket connection (Upgrade: websocket).");
    }
    const config = getConfig(c.env);
    // Browsers always send Origin on a WebSocket handshake: another site's page is refused, and
    // so is a handshake without one (a script, not a player).
    if (c.req.header("Origin") === undefined || !isSameOrigin(c.req.raw, config.SITE_URL)) {
      return jsonError(c, 403, "Live updates are only for this site's own pages.", "cross_origin");
    }
    // The shard counts each network's sockets and its own (ADR 032); it is told the network and,
    // for IPv6, its /48 (hashes) by this worker alone: a client's own headers of those names are
    // replaced. An IPv6 /48's players all go to one shard, so that shard counts them all.
    const { network, wider } = await clientKeys(c);
    const headers = new Headers(c.req.raw.headers);
    headers.set(liveNetworkHeader, network);
    if (wider) headers.set(liveWiderNetworkHeader, wider);
    else headers.delete(liveWiderNetworkHeader);
    return liveShardOf(c.env, config, wider ?? network).fetch(new Request(c.req.raw, { headers }));
  });
