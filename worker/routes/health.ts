import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Health } from "#schema/api.ts";
import pkg from "../../package.json";
import type { AppEnv } from "../env";
import { getDb } from "../lib/db";
import { stationReader } from "../live";

async function liveStatus(env: Env): Promise<Health["live"]> {
  try {
    const status = await stationReader(env).status();
    return {
      upstreamReadsLastMinute: status.readsLastMinute,
      lastReadAt: status.lastReadAt === null ? null : new Date(status.lastReadAt).toISOString(),
      lastReadOk: status.lastReadOk,
    };
  } catch (err) {
    console.error("health: the live room did not answer", err);
    return null;
  }
}

export const health = new Hono<AppEnv>().get("/", async (c) => {
  await getDb(c.env.DB).run(sql`select 1`);
  c.header("Cache-Control", "no-store");
  const body: Health = { ok: true, version: pkg.version, live: await liveStatus(c.env) };
  return c.json(body);
});
