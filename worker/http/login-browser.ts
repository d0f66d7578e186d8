// The mark of the browser that asked for a login link: a random value in an HttpOnly,
// SameSite=Lax cookie that lives as long as a link. Its SHA-256 is stored with the token, so
// the verify page logs in by itself only in that browser; any other browser is asked first, and
// a link sent to a victim cannot log them into someone else's account (login CSRF).
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { randomToken, sha256Hex } from "../lib/crypto";
import { loginTokenLifetimeMs } from "../lib/tokens";
import { isSecureRequest } from "./session";

const plainCookieName = "lr_login";
const secureCookieName = "__Host-lr_login";
const markPattern = /^[A-Za-z0-9_-]{43}$/;

const cookieName = (c: Context) => (isSecureRequest(c) ? secureCookieName : plainCookieName);

function cookieOptions(c: Context) {
  return { httpOnly: true, sameSite: "Lax", path: "/", secure: isSecureRequest(c) } as const;
}

/** The request's mark, if it carries a well-formed one. */
function readMark(c: Context): string | undefined {
  const mark = getCookie(c, cookieName(c));
  return mark && markPattern.test(mark) ? mark : undefined;
}

/**
 * Marks the browser asking for a link (keeping its mark if it has one, so its earlier links
 * still log in by themselves) for a link's lifetime; answers the mark's hash to store.
 */
export async function markLoginBrowser(c: Context): Promise<string> {
  const mark = readMark(c) ?? randomToken(32);
  setCookie(c, cookieName(c), mark, { ...cookieOptions(c), maxAge: loginTokenLifetimeMs / 1000 });
  return sha256Hex(mark);
}

/** Whether this request comes from the browser whose mark hashes to `browser`. */
export async function isLoginBrowser(c: Context, browser: string | null): Promise<boolean> {
  const mark = readMark(c);
  return browser !== null && mark !== undefined && (await sha256Hex(mark)) === browser;
}

export function clearLoginBrowser(c: Context): void {
  if (getCookie(c, cookieName(c)) !== undefined) deleteCookie(c, cookieName(c), cookieOptions(c));
}
