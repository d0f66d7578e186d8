import { Hono } from "hono";
import type { AppEnv } from "../env";
import { getDb } from "../lib/db";
import { listTrackHistory } from "../lib/history";

export const trackHistory = new Hono<AppEnv>().get("/", async (c) => {
  const items = await listTrackHistory(getDb(c.env.DB));
  return c.json(items, 200, { "Cache-Control": "public, max-age=15" });
});
