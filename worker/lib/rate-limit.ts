// Fixed-window rate limits counted in D1 with one atomic upsert, so concurrent requests
// from many isolates count exactly.
import type { Context } from "hono";
import { sha256Hex } from "./crypto";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export async function hitRateLimit(
  d1: D1Database,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<RateLimitResult> {
  const row = await d1
    .prepare(
      `insert into rate_limits (key, window_start, count) values (?1, ?2, 1)
       on conflict(key) do update set
         count = case when rate_limits.window_start <= ?2 - ?3 then 1 else rate_limits.count + 1 end,
         window_start = case when rate_limits.window_start <= ?2 - ?3 then ?2 else rate_limits.window_start end
       returning count, window_start`,
    )
    .bind(key, now, windowMs)
    .first<{ count: number; window_start: number }>();
  if (!row) throw new Error("rate limit upsert returned no row");
  const retryAfterSeconds = Math.max(1, Math.ceil((row.window_start + windowMs - now) / 1000));
  return { allowed: row.count <= limit, retryAfterSeconds };
}

export async function deleteStaleRateLimits(d1: D1Database, now: number, olderThanMs: number): Promise<void> {
  await d1
    .prepare("delete from rate_limits where window_start < ?1")
    .bind(now - olderThanMs)
    .run();
}

/** A key for the requesting client: a hash of its address, so no raw IP is stored. */
export async function clientKey(c: Context): Promise<string> {
  const ip =
    c.req.header("CF-Connecting-IP") ?? c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() ?? "unknown";
  return (await sha256Hex(`client:${ip}`)).slice(0, 32);
}

/** Answers 429 with Retry-After and { error, message } when the limit is exceeded. */
export function tooManyRequests(c: Context, result: RateLimitResult, message: string) {
  c.header("Retry-After", String(result.retryAfterSeconds));
  return c.json({ error: "too_many_requests", message }, 429);
}
