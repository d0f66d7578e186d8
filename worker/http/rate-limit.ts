// Rate limits over HTTP: the client's address as Cloudflare gives it, and the middleware and 429
// answer of a per-client limit. The counting is worker/lib/rate-limit.ts.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getDb } from "../lib/db";
import { hitNetworkLimit, networkKeys, type RateLimitResult, retryMessage } from "../lib/rate-limit";

function clientIp(c: Context): string {
  return (
    c.req.header("CF-Connecting-IP") ?? c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() ?? "unknown"
  );
}

/** Keys of the client's network and, for IPv6, of its /48 too: hashes, so no raw address is stored. */
export function clientKeys(c: Context): Promise<{ network: string; wider?: string }> {
  return networkKeys(clientIp(c));
}

/** Counts a request against the client's `name` limit (worker/lib/rate-limit.ts hitNetworkLimit). */
export function hitClientLimit(
  c: Context,
  db: Parameters<typeof hitNetworkLimit>[0],
  name: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<RateLimitResult> {
  return hitNetworkLimit(db, clientIp(c), name, limit, windowMs, now);
}

/**
 * Middleware counting each request against its client network's `name` limit: `limit` requests
 * per `windowMs`, then 429 'Too many {what}. Please try again in N minutes.'
 */
export function limitPerClient(name: string, limit: number, windowMs: number, what: string) {
  return createMiddleware<{ Bindings: Env }>(async (c, next) => {
    const result = await hitClientLimit(c, getDb(c.env.DB), name, limit, windowMs, Date.now());
    if (!result.allowed) return tooManyRequests(c, result, retryMessage(what, result.retryAfterSeconds));
    await next();
  });
}

/** Answers 429 with Retry-After and { error, message } when the limit is exceeded. */
export function tooManyRequests(c: Context, result: RateLimitResult, message: string) {
  c.header("Retry-After", String(result.retryAfterSeconds));
  return c.json({ error: "too_many_requests", message }, 429);
}
