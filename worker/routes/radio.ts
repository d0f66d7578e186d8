import { Hono } from "hono";
import type { NextTrack, NowPlaying, Track } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { getConfig } from "../lib/config";
import { jsonError } from "../lib/http";
import { isSameOrigin } from "../lib/request-guards";
import { currentStation, publicListeners, randomLiveShard } from "../live";

/** Browsers and the edge may reuse an answer briefly; live players get changes pushed instead. */
const cacheControl = "public, max-age=5";

const trackOf = (track: Track): Track => ({
  title: track.title,
  artist: track.artist,
  album: track.album ?? null,
  artwork: track.artwork ?? null,
});

export const radio = new Hono<AppEnv>()
  // Both answer from the live room's state: no listener's request ever waits on the radio host.
  .get("/now-playing", async (c) => {
    const state = await currentStation(c.env, getConfig(c.env));
    const body: NowPlaying = {
      ...trackOf(state.current),
      ...publicListeners(state),
      historyId: state.played?.id ?? null,
    };
    return c.json(body, 200, { "Cache-Control": cacheControl });
  })
  .get("/next-track", async (c) => {
    const state = await currentStation(c.env, getConfig(c.env));
    const body: NextTrack = state.next ? trackOf(state.next) : null;
    return c.json(body, 200, { "Cache-Control": cacheControl });
  })
  // The live connection: the current state first, then one message per change (schema/api.ts).
  .get("/live", async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      c.header("Upgrade", "websocket");
      return jsonError(c, 426, "This address takes a WebSocket connection (Upgrade: websocket).");
    }
    const config = getConfig(c.env);
    // Browsers always send Origin on a WebSocket handshake; another site's page is refused.
    if (c.req.header("Origin") !== undefined && !isSameOrigin(c.req.raw, config.SITE_URL)) {
      return jsonError(c, 403, "Live updates are only for this site's own pages.", "cross_origin");
    }
    return randomLiveShard(c.env, config).fetch(c.req.raw);
  });
