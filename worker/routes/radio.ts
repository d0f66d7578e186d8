import { Hono } from "hono";
import type { AppEnv } from "../app";
import { nextTrackForListeners, nowPlayingForListeners } from "../lib/radio/listener";

/** Browsers and the edge may reuse an answer briefly; the worker itself asks upstream at most every 10 s. */
const cacheControl = "public, max-age=5";

export const radio = new Hono<AppEnv>()
  .get("/now-playing", async (c) => {
    const track = await nowPlayingForListeners(c.env, c.req.url);
    return c.json(track, 200, { "Cache-Control": cacheControl });
  })
  .get("/next-track", async (c) => {
    const track = await nextTrackForListeners(c.env, c.req.url);
    return c.json(track, 200, { "Cache-Control": cacheControl });
  });
