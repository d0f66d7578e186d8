import { Hono } from "hono";
import { historySearchQuery } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { validate } from "../http/validate";
import { getDb } from "../lib/db";
import { listTrackHistory, searchPlayedTracks } from "../lib/history";

export const trackHistory = new Hono<AppEnv>()
  .get("/", async (c) => {
    const items = await listTrackHistory(getDb(c.env.DB));
    // A reload shows the plays and covers of now: no browser copy (the worker keeps one 5 s, and
    // the live message's two latest plays cover that).
    return c.json(items, 200, { "Cache-Control": "public, no-cache" });
  })
  .get("/search", validate("query", historySearchQuery), async (c) => {
    const tracks = await searchPlayedTracks(getDb(c.env.DB), c.req.valid("query").q);
    return c.json(tracks, 200, { "Cache-Control": "public, max-age=30" });
  });
