// The one shape of every API error: { error, message } with a meaningful status.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

const errorCodes: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "unprocessable_entity",
  426: "upgrade_required",
  429: "too_many_requests",
  500: "internal_error",
  503: "service_unavailable",
};

export function errorCodeFor(status: number): string {
  return errorCodes[status] ?? (status >= 500 ? "internal_error" : "bad_request");
}

/**
 * Work the answer need not wait for (the runtime's waitUntil); where there is no execution context
 * (the app called directly, as some tests do), it is awaited instead.
 */
export async function afterAnswer(c: Context, work: Promise<unknown>): Promise<void> {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    await work;
  }
}

export function jsonError(c: Context, status: ContentfulStatusCode, message: string, error?: string) {
  return c.json({ error: error ?? errorCodeFor(status), message }, status);
}

/**
 * 503 with Retry-After: a budget of the whole site is spent (worker/lib/site-budgets.ts), not this
 * client's own limit; nothing was stored or sent.
 */
export function siteBusy(c: Context, retryAfterSeconds: number, message: string) {
  c.header("Retry-After", String(retryAfterSeconds));
  c.header("Cache-Control", "no-store");
  return c.json({ error: "site_busy", message }, 503);
}

/** Whether a shared cache (the edge, a proxy) may keep this response and hand it to others. */
export function isSharedCacheable(headers: Headers): boolean {
  const cacheControl = headers.get("Cache-Control") ?? "";
  return (
    /(^|,)\s*(public|s-maxage=)/i.test(cacheControl) && !/(^|,)\s*(private|no-store)\b/i.test(cacheControl)
  );
}

/**
 * The last word on caching: a response that sets a cookie is never shared, or a cache would
 * hand one listener's session to the next. loadUser already avoids this; this holds it for all.
 */
export function keepCookiesPrivate(headers: Headers): void {
  if (headers.getSetCookie().length > 0 && isSharedCacheable(headers)) {
    headers.set("Cache-Control", "private, no-store");
  }
}

/**
 * Headers of `c.res` that can be changed. A binding's response (ASSETS, R2) has immutable ones:
 * it is copied once, with `c.res = undefined` first so Hono's setter does not copy the copy.
 * Our own responses are changed in place.
 */
export function mutableHeaders(c: Context): Headers {
  try {
    // A header every response gets anyway (applySecurityHeaders): setting it tests mutability.
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    const copy = new Response(c.res.body, c.res);
    c.res = undefined;
    c.res = copy;
  }
  return c.res.headers;
}
