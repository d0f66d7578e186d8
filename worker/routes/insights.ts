// Station insights (ADR 021), for the admin only: the figures of a range, each table as CSV,
// and whether listeners see the listener count.
import { Hono } from "hono";
import {
  type InsightsNow,
  type InsightsRange,
  insightsExportQuery,
  insightsQuery,
  insightsSettings,
} from "#schema/api/insights.ts";
import type { AppEnv } from "../env";
import { requireAdmin } from "../http/session";
import { validate } from "../http/validate";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { insightsCsv, insightsCsvName } from "../lib/insights/csv";
import { readInsights } from "../lib/insights/read";
import { saveListenersPublic } from "../lib/insights/settings";
import { currentStation, stationReader } from "../live";

const noStore = { "Cache-Control": "no-store" };

const insightsOf = (env: Env, range: InsightsRange, now: number) =>
  readInsights(getDb(env.DB), getConfig(env), range, now);

export const insightsRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, validate("query", insightsQuery), async (c) => {
    return c.json(await insightsOf(c.env, c.req.valid("query").range, Date.now()), 200, noStore);
  })
  // Read often by the open screen: the live room's state only, no D1 beyond the session.
  .get("/now", requireAdmin, async (c) => {
    const state = await currentStation(c.env, getConfig(c.env));
    const body: InsightsNow = {
      listeners: state.listeners,
      readAt: state.readAt === null ? null : new Date(state.readAt).toISOString(),
    };
    return c.json(body, 200, noStore);
  })
  .get("/export", requireAdmin, validate("query", insightsExportQuery), async (c) => {
    const { range, table } = c.req.valid("query");
    const now = Date.now();
    return c.body(insightsCsv(await insightsOf(c.env, range, now), table), 200, {
      ...noStore,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${insightsCsvName(table, range, now)}"`,
    });
  })
  .put("/settings", requireAdmin, validate("json", insightsSettings), async (c) => {
    const { listenersPublic } = c.req.valid("json");
    await saveListenersPublic(getDb(c.env.DB), listenersPublic);
    try {
      await stationReader(c.env).setListenersPublic(listenersPublic);
    } catch (err) {
      // Saved: the live room reads the setting back within a minute.
      console.error("insights: the live room did not take the setting", err);
    }
    return c.json({ listenersPublic }, 200, noStore);
  });
