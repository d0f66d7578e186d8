// What an operator reads in `wrangler tail` and the dashboard: one JSON line per request, and
// one per unhandled error. With observability on, a logged JSON string becomes a structured
// event whose fields can be filtered (`route`, `status`, `requestId`...).
//
// A line never holds the raw path or the query (they can carry a listener's session id or a
// login token), only the route pattern Hono matched; nor an IP address, a cookie or an e-mail
// address. Error messages and stacks pass through redactForLog.
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes, routePath } from "hono/route";
import { redactForLog } from "../lib/redact";
import { mutableHeaders } from "./http";

export const requestIdHeader = "X-Request-Id";

type Level = "info" | "warn" | "error";

/** When each request started and the id it answers with, for the error handler to find. */
const started = new WeakMap<Context, { requestId: string; startedAt: number }>();

/** Cloudflare's Ray ID as the `cf-ray` header carries it: 16 hex digits, then the data centre. */
const rayId = /^[0-9a-f]{16}(?:-[A-Z0-9]{3,4})?$/i;

/**
 * Cloudflare's own Ray ID when the request came through Cloudflare, so a line matches the
 * dashboards' ids; a random one otherwise (local development, tests).
 */
function newRequestId(req: Request): string {
  const ray = req.headers.get("cf-ray");
  return ray && rayId.test(ray) ? ray : crypto.randomUUID();
}

/** The id this request answers with (the middleware sets it; the error handler reads it). */
export function requestIdOf(c: Context): string {
  let entry = started.get(c);
  if (!entry) {
    entry = { requestId: newRequestId(c.req.raw), startedAt: Date.now() };
    started.set(c, entry);
  }
  return entry.requestId;
}

/**
 * The route pattern the request belongs to (`/api/favorites/:id`, `/*` for what falls through to
 * the assets). When a middleware answered or threw (a guard's 403, loadUser), Hono's current
 * route is that middleware's `/api/*`: the line names the handler the request was bound for, the
 * first matched route from there on that takes no `next`.
 */
export function routeOf(c: Context): string {
  try {
    const routes = matchedRoutes(c);
    const endpoint = routes.slice(c.req.routeIndex).find((route) => route.handler.length < 2);
    return endpoint?.path ?? (routePath(c) || "*");
  } catch {
    // No match result (a context made outside the app's dispatch).
    return "*";
  }
}

function levelOf(status: number): Level {
  if (status >= 500) return "error";
  return status >= 400 ? "warn" : "info";
}

/** Where the data centre that served the request is; never the client's address. */
function placeOf(req: Request): { colo?: string; country?: string } {
  const cf = req.cf as { colo?: unknown; country?: unknown } | undefined;
  const place: { colo?: string; country?: string } = {};
  if (typeof cf?.colo === "string") place.colo = cf.colo;
  if (typeof cf?.country === "string") place.country = cf.country;
  return place;
}

/** One line, through the console method of its level so the platform's own level agrees. */
function write(line: { level: Level; msg: string } & Record<string, unknown>): void {
  const text = JSON.stringify(line);
  if (line.level === "error") console.error(text);
  else if (line.level === "warn") console.warn(text);
  else console.log(text);
}

/**
 * The request line, written after the response is final (onError's 500 included) and the
 * `X-Request-Id` header on every response but a WebSocket handshake's 101, which must pass
 * untouched. Mount it first, so it wraps everything else.
 *
 * `durationMs`: inside a Worker, Date.now() advances only across I/O (a Spectre mitigation), so
 * this is the time spent waiting on D1, KV, R2, fetch and the live room; pure CPU work counts 0.
 */
export const requestLog: MiddlewareHandler = async (c, next) => {
  const requestId = requestIdOf(c);
  const startedAt = started.get(c)?.startedAt ?? Date.now();
  let status = 500;
  try {
    await next();
    status = c.res.status;
    if (status !== 101) mutableHeaders(c).set(requestIdHeader, requestId);
  } finally {
    // Hono turns a thrown Error into onError's response before it gets here; anything else
    // thrown escapes as the runtime's 500, logged as such.
    const level = levelOf(status);
    write({
      level,
      msg: "request",
      requestId,
      method: c.req.method,
      route: routeOf(c),
      status,
      durationMs: Date.now() - startedAt,
      // Only where it helps find a fault: reading `request.cf` costs more than the rest of the
      // line, and the platform's own invocation log has the data centre of every request.
      ...(level === "info" ? {} : placeOf(c.req.raw)),
    });
  }
};

/** An error the app turns into a 500: its message and stack, with the request's id and route. */
export function logError(c: Context, msg: string, err: unknown): void {
  const error = err instanceof Error ? err : new Error(String(err));
  write({
    level: "error",
    msg,
    requestId: requestIdOf(c),
    method: c.req.method,
    route: routeOf(c),
    error: redactForLog(error.message),
    ...(error.stack ? { stack: redactForLog(error.stack) } : {}),
  });
}
