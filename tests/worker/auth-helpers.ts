// Small factories for the auth route tests: unique clients and addresses (so rate limits
// never couple tests), calls with per-test configuration, and reading the mailed link back.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { app } from "../../worker/app";

export type Overrides = Record<string, unknown>;

export function uniqueEmail(label = "listener"): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** A random private address per call: each test is its own rate-limit client. */
export function uniqueIp(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint8Array(2));
  return `10.${a}.${b}.${Math.floor(Math.random() * 250) + 1}`;
}

/** Calls the worker; with overrides, through the app with those bindings replaced. */
export function call(url: string, init: RequestInit = {}, overrides?: Overrides): Promise<Response> {
  const full = url.startsWith("http") ? url : `http://localhost${url}`;
  if (overrides) return Promise.resolve(app.request(full, init, { ...env, ...overrides }));
  return exports.default.fetch(new Request(full, init));
}

export function postJson(
  url: string,
  body: unknown,
  options: { ip?: string; cookie?: string; origin?: string; overrides?: Overrides } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Origin: options.origin ?? "http://localhost",
    "CF-Connecting-IP": options.ip ?? uniqueIp(),
  };
  if (options.cookie) headers.Cookie = options.cookie;
  return call(url, { method: "POST", headers, body: JSON.stringify(body) }, options.overrides);
}

export function requestLink(email: string, options: { ip?: string; overrides?: Overrides } = {}) {
  return postJson("/api/auth/request-login", { email }, options);
}

export type DebugToken = { email: string; link: string; expiresAt: string; used: boolean };

export async function debugTokens(): Promise<DebugToken[]> {
  const res = await call("/api/auth/debug-tokens");
  expect(res.status).toBe(200);
  return ((await res.json()) as { tokens: DebugToken[] }).tokens;
}

/** The newest link mailed to `email` (the log provider's outbox, read through the debug route). */
export async function linkFor(email: string): Promise<string> {
  const token = (await debugTokens()).find((t) => t.email === email);
  if (!token) throw new Error(`no login link was sent to ${email}`);
  return token.link;
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

export async function requestToken(email: string): Promise<string> {
  const res = await requestLink(email);
  expect(res.status).toBe(200);
  return tokenOf(await linkFor(email));
}

/** What the verify page's form does: a same-origin form post of the token. */
export function postVerify(
  token: string,
  options: { origin?: string; cookie?: string; base?: string; overrides?: Overrides } = {},
): Promise<Response> {
  const base = options.base ?? "http://localhost";
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: options.origin ?? base,
  };
  if (options.cookie) headers.Cookie = options.cookie;
  return call(
    `${base}/api/auth/verify`,
    { method: "POST", headers, body: new URLSearchParams({ token }).toString(), redirect: "manual" },
    options.overrides,
  );
}

/** "name=value" of the session cookie a response sets, for sending back. */
export function sessionCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => /^(__Host-)?lr_session=/.test(c));
  if (!header) throw new Error("no session cookie was set");
  return header.split(";")[0] ?? "";
}

export async function loginAs(email: string): Promise<string> {
  const res = await postVerify(await requestToken(email));
  expect(res.headers.get("location")).toBe("/?auth=success");
  return sessionCookie(res);
}

export async function me(cookie?: string, base = "http://localhost"): Promise<unknown> {
  const res = await call(`${base}/api/auth/me`, cookie ? { headers: { Cookie: cookie } } : {});
  expect(res.status).toBe(200);
  return res.json();
}
