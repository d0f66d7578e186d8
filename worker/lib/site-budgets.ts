// Budgets for the whole site (ADR 032): what all anonymous clients together may add or send per
// hour, beside each client network's own limit. An attacker with many addresses passes every
// per-client limit; these bound what the site stores and mails however many addresses there
// are. Counted in D1 like the per-client limits (one atomic upsert per spend, exact across
// isolates); a budget spent refuses with 503 and Retry-After until its hour ends.
import { and, gte, lt } from "drizzle-orm";
import { rateLimits } from "#schema/db.ts";
import type { Config } from "./config";
import type { Db } from "./db";
import { type CountedResult, hitRateLimit, tryAgainIn } from "./rate-limit";

export const budgetWindowMs = 60 * 60 * 1000;

export const siteBudgets = {
  /** Favorites added by listeners who are not logged in. */
  "anonymous-favorites": "SITE_BUDGET_FAVORITES_PER_HOUR",
  /** Listening stretches begun (a stretch's later writes only move its end). */
  "listening-sessions": "SITE_BUDGET_LISTENING_PER_HOUR",
  "contact-messages": "SITE_BUDGET_CONTACT_PER_HOUR",
  /** Every mail the site sends: login links and contact notifications. */
  mail: "SITE_BUDGET_MAIL_PER_HOUR",
} as const satisfies Record<string, keyof Config>;

export type BudgetName = keyof typeof siteBudgets;

const keyPrefix = "site-budget:";

/**
 * Spends one of `name`'s budget. The first refusal of a window is logged (once: a flood of
 * refusals is one line); the budget's spent state is what /api/health reports meanwhile.
 */
export async function spendSiteBudget(
  db: Db,
  config: Config,
  name: BudgetName,
  now: number,
): Promise<CountedResult> {
  const limit = config[siteBudgets[name]];
  const result = await hitRateLimit(db, `${keyPrefix}${name}`, limit, budgetWindowMs, now);
  if (result.count === limit + 1) {
    console.warn(
      `site budget: ${name} spent (${limit} per hour, ${siteBudgets[name]}); refusing for ${result.retryAfterSeconds} s`,
    );
  }
  return result;
}

/** The budgets spent now, with when each opens again: one read of their few rows. */
export async function spentSiteBudgets(
  db: Db,
  config: Config,
  now: number,
): Promise<{ name: BudgetName; limit: number; until: string }[]> {
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    // The keys sort together: a range of the primary key, not a scan.
    .where(and(gte(rateLimits.key, keyPrefix), lt(rateLimits.key, keyPrefix.replace(/:$/, ";"))));
  return rows.flatMap((row) => {
    const name = row.key.slice(keyPrefix.length) as BudgetName;
    if (!(name in siteBudgets)) return [];
    const limit = config[siteBudgets[name]];
    const until = row.windowStart.getTime() + budgetWindowMs;
    return row.count > limit && until > now ? [{ name, limit, until: new Date(until).toISOString() }] : [];
  });
}

/** The message of a refusal for a spent budget (503: the site, not this client, is busy). */
export function budgetMessage(what: string, retryAfterSeconds: number): string {
  return `The station is receiving too many ${what} right now. ${tryAgainIn(retryAfterSeconds)}`;
}
