import { Hono } from "hono";
import { z } from "zod";
import { anonymousSessionId, sleepTimerStart } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { getDb } from "../lib/db";
import { cancelSleepTimer, readSleepTimer, startSleepTimer } from "../lib/sleep-timer";
import { validate } from "../lib/validate";

/** The SPA's sleep-timer session id (docs/product.md §9) is a bearer secret: only its holder knows it. */
const owner = validate("param", z.object({ sessionId: anonymousSessionId }));

export const sleepTimer = new Hono<AppEnv>()
  .get("/:sessionId", owner, async (c) => {
    const { sessionId } = c.req.valid("param");
    return c.json(await readSleepTimer(getDb(c.env.DB), sessionId, Date.now()), 200, {
      "Cache-Control": "no-store",
    });
  })
  .post("/:sessionId", owner, validate("json", sleepTimerStart), async (c) => {
    const { sessionId } = c.req.valid("param");
    const { minutes } = c.req.valid("json");
    return c.json(await startSleepTimer(getDb(c.env.DB), sessionId, minutes, Date.now()), 200);
  })
  .delete("/:sessionId", owner, async (c) => {
    await cancelSleepTimer(getDb(c.env.DB), c.req.valid("param").sessionId);
    return c.json({}, 200);
  });
