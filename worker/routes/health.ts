import { sql } from "drizzle-orm";
import { Hono } from "hono";
import pkg from "../../package.json";
import type { AppEnv } from "../app";
import { getDb } from "../lib/db";

export const health = new Hono<AppEnv>().get("/", async (c) => {
  await getDb(c.env.DB).run(sql`select 1`);
  c.header("Cache-Control", "no-store");
  return c.json({ ok: true as const, version: pkg.version });
});
