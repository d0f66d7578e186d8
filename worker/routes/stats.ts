import { Hono } from "hono";
import type { AppEnv } from "../env";
import { getDb } from "../lib/db";
import { computeListeningStats } from "../lib/history";

export const stats = new Hono<AppEnv>().get("/", async (c) => {
  const result = await computeListeningStats(getDb(c.env.DB));
  return c.json(result, 200, { "Cache-Control": "public, max-age=30" });
});
