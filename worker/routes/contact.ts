import { Hono } from "hono";
import { contactMessage } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { afterAnswer, siteBusy } from "../http/http";
import { hitClientLimit, tooManyRequests } from "../http/rate-limit";
import { validate } from "../http/validate";
import { getConfig } from "../lib/config";
import { contactRateLimit, notifyStation, storeContactMessage } from "../lib/contact";
import { getDb } from "../lib/db";
import { budgetMessage, spendSiteBudget } from "../lib/site-budgets";

export const contact = new Hono<AppEnv>().post("/", validate("json", contactMessage), async (c) => {
  const now = Date.now();
  const { limit, windowMs } = contactRateLimit;
  const db = getDb(c.env.DB);
  const rate = await hitClientLimit(c, db, "contact", limit, windowMs, now);
  if (!rate.allowed) return tooManyRequests(c, rate, "Too many messages. Please try again later.");
  const budget = await spendSiteBudget(db, getConfig(c.env), "contact-messages", now);
  if (!budget.allowed) {
    return siteBusy(c, budget.retryAfterSeconds, budgetMessage("messages", budget.retryAfterSeconds));
  }
  const stored = await storeContactMessage(db, c.req.valid("json"), now);
  // The message is safe in D1; the mail may go out after the answer.
  await afterAnswer(c, notifyStation(c.env, stored));
  return c.json({ ok: true as const }, 201);
});
