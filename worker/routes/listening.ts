import { Hono } from "hono";
import { z } from "zod";
import { listeningWrite, ownerId } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { jsonError, siteBusy } from "../http/http";
import { limitPerClient } from "../http/rate-limit";
import { validate } from "../http/validate";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { authorizeOwner, isDenied } from "../lib/favorites";
import { countryOf, deviceClass } from "../lib/insights/sessions";
import { listeningBegun, mayBeginListening, readListeningSummary, recordListening } from "../lib/listening";
import { budgetMessage, spendSiteBudget } from "../lib/site-budgets";

/**
 * Writes per client network: a listener writes once a minute, a household of several a few
 * times; a flood of made-up stretches is refused before it reaches the table.
 */
const limitWrites = limitPerClient("listening", 120, 10 * 60 * 1000, "listening updates");

export const listening = new Hono<AppEnv>()
  .post("/", validate("json", listeningWrite), limitWrites, async (c) => {
    const write = c.req.valid("json");
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, write.sessionId, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    const now = Date.now();
    if (!(await listeningBegun(db, write.listeningId))) {
      if (!(await mayBeginListening(db, owner, now))) {
        c.header("Retry-After", "60");
        return jsonError(c, 429, "Too many players are listening as you at once.", "too_many_requests");
      }
      const budget = await spendSiteBudget(db, getConfig(c.env), "listening-sessions", now);
      if (!budget.allowed) {
        return siteBusy(c, budget.retryAfterSeconds, budgetMessage("listeners", budget.retryAfterSeconds));
      }
    }
    const recorded = await recordListening(db, owner, write, now, {
      country: countryOf(c.req.raw.cf),
      device: deviceClass(c.req.header("User-Agent")),
    });
    return c.json({ recorded }, 200, { "Cache-Control": "no-store" });
  })
  .get("/:id", validate("param", z.object({ id: ownerId })), async (c) => {
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, c.req.valid("param").id, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    return c.json(await readListeningSummary(db, owner, Date.now()), 200, { "Cache-Control": "no-store" });
  });
