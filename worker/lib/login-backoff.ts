// Failed admin logins from every client together: past a cap in a window, the password login
// closes for everyone, for longer each time it closes again within a day. One client's own limit
// (in the login route) stops a single guesser; this stops a guesser spread over many addresses.
// Both rows live in rate_limits, which the cron clears a day after their window starts.
import { eq, sql } from "drizzle-orm";
import { rateLimits } from "#schema/db.ts";
import type { Db } from "./db";
import { hitRateLimit, type RateLimitResult } from "./rate-limit";

const failuresKey = "admin-login:failures";
/** count: how many lockouts in a row; windowStart: when the latest began. */
const lockoutKey = "admin-login:lockout";

export const adminFailureCap = 50;
export const adminFailureWindowMs = 15 * 60 * 1000;
const firstLockoutMs = 15 * 60 * 1000;
const longestLockoutMs = 4 * 60 * 60 * 1000;
/** A lockout more than a day after the previous one starts again at the first length. */
const lockoutMemoryMs = 24 * 60 * 60 * 1000;

/** 15 minutes, then 30, 60, 120, and at most 4 hours. */
export function lockoutMs(level: number): number {
  return Math.min(firstLockoutMs * 2 ** Math.max(0, level - 1), longestLockoutMs);
}

/** Whether the admin login is open now; when closed, for how long still. */
export async function adminLoginLockout(db: Db, now: number): Promise<RateLimitResult> {
  const row = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, lockoutKey))
    .get();
  const until = row ? row.windowStart.getTime() + lockoutMs(row.count) : 0;
  return until > now
    ? { allowed: false, retryAfterSeconds: Math.ceil((until - now) / 1000) }
    : { allowed: true, retryAfterSeconds: 0 };
}

/** Counts a failed admin login; the one past the cap closes the login and starts a new count. */
export async function recordAdminLoginFailure(db: Db, now: number): Promise<void> {
  const failures = await hitRateLimit(db, failuresKey, adminFailureCap, adminFailureWindowMs, now);
  if (failures.allowed) return;
  // Failures racing past the cap together close the login once: a lockout begun less than the
  // shortest lockout ago is still running and is left as it is.
  const running = sql`${rateLimits.windowStart} > ${now - firstLockoutMs}`;
  const remembered = sql`${rateLimits.windowStart} > ${now - lockoutMemoryMs}`;
  await db.batch([
    db
      .insert(rateLimits)
      .values({ key: lockoutKey, windowStart: new Date(now), count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`iif(${running}, ${rateLimits.count}, iif(${remembered}, ${rateLimits.count} + 1, 1))`,
          windowStart: sql`iif(${running}, ${rateLimits.windowStart}, ${now})`,
        },
      }),
    db.delete(rateLimits).where(eq(rateLimits.key, failuresKey)),
  ]);
}
