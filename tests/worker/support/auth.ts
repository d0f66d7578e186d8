// The login-link flow as a browser walks it: ask for a link, read it back from the log
// provider's outbox (the debug route), post the token as the verify page's form does.
import { expect } from "vitest";
import { type Bindings, postJson, request } from "./request";

export function requestLink(email: string, options: { ip?: string; bindings?: Bindings } = {}) {
  return postJson("/api/auth/request-login", { email }, options);
}

export type DebugToken = { email: string; link: string; expiresAt: string; used: boolean };

export async function debugTokens(): Promise<DebugToken[]> {
  const res = await request("/api/auth/debug-tokens");
  expect(res.status).toBe(200);
  return ((await res.json()) as { tokens: DebugToken[] }).tokens;
}

/** The newest link mailed to `email`. */
export async function linkFor(email: string): Promise<string> {
  const token = (await debugTokens()).find((t) => t.email === email);
  if (!token) throw new Error(`no login link was sent to ${email}`);
  return token.link;
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

/** "name=value" of the mark a login-link request leaves in the asking browser. */
export function loginBrowserCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => /^(__Host-)?lr_login=/.test(c));
  if (!header) throw new Error("no login-browser cookie was set");
  return header.split(";")[0] ?? "";
}

/** A link asked for by a browser: its token, and the cookie that marks that browser. */
export async function requestLinkInBrowser(email: string): Promise<{ token: string; cookie: string }> {
  const res = await requestLink(email);
  expect(res.status).toBe(200);
  return { token: tokenOf(await linkFor(email)), cookie: loginBrowserCookie(res) };
}

/** The verify page as a browser opens the link, with its cookies if any. */
export async function verifyPageHtml(token: string, cookie?: string): Promise<string> {
  const res = await request(`/api/auth/verify?token=${token}`, cookie ? { headers: { Cookie: cookie } } : {});
  expect(res.status).toBe(200);
  return res.text();
}

export async function requestToken(email: string): Promise<string> {
  const res = await requestLink(email);
  expect(res.status).toBe(200);
  return tokenOf(await linkFor(email));
}

/** A plain HTML form's post, from the URL's own origin unless `origin` says otherwise. */
export function postForm(
  url: string,
  body: string,
  options: { origin?: string; cookie?: string; bindings?: Bindings } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: options.origin ?? new URL(url, "http://localhost").origin,
  };
  if (options.cookie) headers.Cookie = options.cookie;
  return request(url, { method: "POST", headers, body, redirect: "manual" }, options.bindings);
}

/** What the verify page's form does: a same-origin form post of the token. */
export function postVerify(
  token: string,
  options: { origin?: string; cookie?: string; base?: string; bindings?: Bindings } = {},
): Promise<Response> {
  const base = options.base ?? "http://localhost";
  return postForm(`${base}/api/auth/verify`, new URLSearchParams({ token }).toString(), options);
}

/** "name=value" of the session cookie a response sets, for sending back. */
export function sessionCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => /^(__Host-)?lr_session=/.test(c));
  if (!header) throw new Error("no session cookie was set");
  return header.split(";")[0] ?? "";
}

/** Signs `email` in through a mailed link; answers the session cookie. */
export async function loginAs(email: string): Promise<string> {
  const res = await postVerify(await requestToken(email));
  expect(res.headers.get("location")).toBe("/?auth=success");
  return sessionCookie(res);
}

export async function me(cookie?: string, base = "http://localhost"): Promise<unknown> {
  const res = await request(`${base}/api/auth/me`, cookie ? { headers: { Cookie: cookie } } : {});
  expect(res.status).toBe(200);
  return res.json();
}
