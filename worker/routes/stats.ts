import { Hono } from "hono";
import type { AppEnv } from "../env";
import { getDb } from "../lib/db";
import { readListeningStats } from "../lib/history";

export const stats = new Hono<AppEnv>().get("/", async (c) => {
  const result = await readListeningStats(getDb(c.env.DB));
  return c.json(result, 200, { "Cache-Control": "public, max-age=30" });
});
