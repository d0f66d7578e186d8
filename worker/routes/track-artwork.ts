// The admin's covers (ADR 019): GET the recently played tracks with their covers, PUT a track's
// cover (an uploaded image) or none. The live room shows the change at once.
import { Hono } from "hono";
import { setTrackCover } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { requireAdmin } from "../http/session";
import { validate } from "../http/validate";
import { recentTrackCovers, setTrackCover as saveTrackCover } from "../lib/artwork/admin";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { stationReaderName } from "../live/names";

export const trackArtworkRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, async (c) => {
    const covers = await recentTrackCovers(getDb(c.env.DB), getConfig(c.env));
    return c.json(covers, 200, { "Cache-Control": "no-store" });
  })
  .put("/", requireAdmin, validate("json", setTrackCover), async (c) => {
    const input = c.req.valid("json");
    const artwork = await saveTrackCover(getDb(c.env.DB), c.env.IMAGES, getConfig(c.env), input);
    if (artwork === "missing")
      return jsonError(c, 400, "There is no uploaded image at that path: upload it first.");
    try {
      await c.env.STATION_READER.getByName(stationReaderName).setCover(input, artwork);
    } catch (err) {
      // Saved: the live room shows it from the track's next play.
      console.error("track cover: the live room did not take the change", err);
    }
    return c.json({ title: input.title, artist: input.artist, artwork });
  });
