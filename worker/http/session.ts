// Login sessions over HTTP: the cookie that holds a session's token (the session itself is
// worker/lib/session.ts), and the middleware that sets c.var.user and guards routes.
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { adminUserId, type CurrentUser } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { getDb } from "../lib/db";
import { readSession, slideSession } from "../lib/session";
import { isSharedCacheable, jsonError } from "./http";

const plainCookieName = "lr_session";
const secureCookieName = "__Host-lr_session";

/** Outside localhost a cookie is `Secure` and `__Host-` named. */
export function isSecureRequest(c: Context): boolean {
  const { hostname } = new URL(c.req.url);
  return !(hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]");
}

/**
 * Outside localhost only the __Host- cookie counts: a plain-named cookie could have been
 * planted by a sibling subdomain or over plain HTTP (cookie tossing), the __Host- one cannot.
 */
export function readSessionToken(c: Context): string | undefined {
  return isSecureRequest(c) ? getCookie(c, secureCookieName) : getCookie(c, plainCookieName);
}

export function setSessionCookie(c: Context, token: string, expiresAt: number): void {
  const secure = isSecureRequest(c);
  setCookie(c, secure ? secureCookieName : plainCookieName, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure,
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(c: Context): void {
  const secure = isSecureRequest(c);
  deleteCookie(c, secure ? secureCookieName : plainCookieName, {
    path: "/",
    secure,
    httpOnly: true,
    sameSite: "Lax",
  });
}

/** Whether the handler already set or cleared the session cookie (login, logout): it has the last word. */
function handlerSetSessionCookie(res: Response): boolean {
  return res.headers
    .getSetCookie()
    .some((c) => c.startsWith(`${plainCookieName}=`) || c.startsWith(`${secureCookieName}=`));
}

/**
 * Sets c.var.user (null when nobody is logged in). After the handler, slides the session's expiry
 * or clears a dead cookie, but only on an answer no shared cache keeps: a cookie on a `public`
 * answer (stats, history, config) could be handed to the next listener by a cache. Such an answer
 * leaves the session due, so the next private call (the SPA asks /api/auth/me on every load)
 * renews it: the stored expiry and the cookie's always move together.
 */
export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  const token = readSessionToken(c);
  const db = getDb(c.env.DB);
  const now = Date.now();
  const session = token ? await readSession(db, token, now) : null;
  if (session) c.set("user", session.user);
  await next();
  if (isSharedCacheable(c.res.headers)) return;
  // A private answer may still be kept by the browser: it must not outlive a login or logout.
  if (!/no-store/i.test(c.res.headers.get("Cache-Control") ?? "")) {
    c.header("Vary", "Cookie", { append: true });
  }
  if (!token || handlerSetSessionCookie(c.res)) return;
  if (!session) {
    clearSessionCookie(c);
  } else {
    const slidTo = await slideSession(db, session, now);
    if (slidTo === null) return;
    setSessionCookie(c, token, slidTo);
  }
  // An answer that does not say private could still be stored by a proxy (max-age, heuristics).
  const cacheControl = c.res.headers.get("Cache-Control");
  if (!/private|no-store/i.test(cacheControl ?? "")) {
    c.header("Cache-Control", cacheControl ? `private, ${cacheControl}` : "private");
  }
};

/**
 * What handlers after requireUser or requireAdmin see: the guard has answered 401 when nobody
 * is logged in, so their c.var.user is never null.
 */
type SignedIn = { Variables: { user: NonNullable<CurrentUser> } };

/** 401 unless somebody is logged in. */
export const requireUser = createMiddleware<SignedIn>(async (c, next) => {
  // loadUser leaves null when nobody is logged in: this check is what makes SignedIn true,
  // so it reads the variable with its real, nullable type.
  const user: CurrentUser = c.var.user;
  if (!user) return jsonError(c, 401, "Log in first.");
  await next();
});

/** 401 when not logged in, 403 for anyone but the admin. */
export const requireAdmin = createMiddleware<SignedIn>(async (c, next) => {
  const user: CurrentUser = c.var.user;
  if (!user) return jsonError(c, 401, "Log in as the admin first.");
  if (user.id !== adminUserId) return jsonError(c, 403, "Only the admin may do this.");
  await next();
});
