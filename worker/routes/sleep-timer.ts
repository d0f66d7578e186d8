import { Hono } from "hono";
import { z } from "zod";
import { anonymousSessionId, sleepTimerStart } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { limitPerClient } from "../http/rate-limit";
import { validate } from "../http/validate";
import { getDb } from "../lib/db";
import { cancelSleepTimer, readSleepTimer, startSleepTimer } from "../lib/sleep-timer";

/** The SPA's sleep-timer session id (docs/product.md §9) is a bearer secret: only its holder knows it. */
const owner = validate("param", z.object({ sessionId: anonymousSessionId }));

/** Timer starts and cancels per client network: a listener sets a few, a script would fill D1. */
const limitWrites = limitPerClient("sleep-timer", 30, 10 * 60 * 1000, "sleep timer changes");

export const sleepTimer = new Hono<AppEnv>()
  .get("/:sessionId", owner, async (c) => {
    const { sessionId } = c.req.valid("param");
    return c.json(await readSleepTimer(getDb(c.env.DB), sessionId, Date.now()), 200, {
      "Cache-Control": "no-store",
    });
  })
  .post("/:sessionId", owner, validate("json", sleepTimerStart), limitWrites, async (c) => {
    const { sessionId } = c.req.valid("param");
    const { minutes } = c.req.valid("json");
    return c.json(await startSleepTimer(getDb(c.env.DB), sessionId, minutes, Date.now()), 200);
  })
  .delete("/:sessionId", owner, limitWrites, async (c) => {
    await cancelSleepTimer(getDb(c.env.DB), c.req.valid("param").sessionId);
    return c.json({}, 200);
  });
