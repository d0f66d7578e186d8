// Public answers kept in the isolate for a few seconds: the history list and the statistics are
// the same for every anonymous visitor and change at most once a track (the live connection
// brings the new history row to open players itself). A burst of visitors then costs the
// database one query per isolate every few seconds instead of one per request.
//
// Only GET answers to requests without a session cookie are kept or served; only 200s without
// Set-Cookie are kept; the security headers and the request id are added outside, per request.
// The map is bounded, so many different URLs (queries an attacker varies) cannot grow the
// isolate's memory.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { getConfig } from "../lib/config";
import { readSessionToken } from "./session";

type Entry = { at: number; status: number; headers: [string, string][]; body: ArrayBuffer };

export type PublicCacheOptions = {
  maxEntries?: number;
  now?: () => number;
  /** The statuses kept (200 by default): /api/health keeps its 503 too, the same for everyone. */
  statuses?: readonly number[];
  /** Whether the query string is part of the key; false: `?anything` is the same answer. */
  byQuery?: boolean;
  /** Whether the answer is kept whoever asks; false: only for requests without a session. */
  forSessions?: boolean;
};

/** One cache; how long it keeps an answer is PUBLIC_CACHE_SECONDS (0 turns it off). */
export function publicCache({
  maxEntries = 100,
  now = Date.now,
  statuses = [200],
  byQuery = true,
  forSessions = false,
}: PublicCacheOptions = {}) {
  const entries = new Map<string, Entry>();

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const ttlMs = getConfig(c.env).PUBLIC_CACHE_SECONDS * 1000;
    if (ttlMs === 0 || c.req.method !== "GET") return next();
    if (!forSessions && readSessionToken(c) !== undefined) return next();
    // Without the query, the path alone: a site reached by two host names is one answer.
    const key = byQuery ? c.req.url : c.req.path;
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) {
      return new Response(hit.body, { status: hit.status, headers: hit.headers });
    }
    const startedAt = now();
    await next();
    const res = c.res;
    if (!statuses.includes(res.status) || res.headers.has("Set-Cookie") || !res.body) return;
    const body = await res.clone().arrayBuffer();
    entries.delete(key);
    // Oldest first: a Map keeps insertion order.
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { at: startedAt, status: res.status, headers: [...res.headers], body });
  };
  return middleware;
}
