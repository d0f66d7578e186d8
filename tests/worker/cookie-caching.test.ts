// A response that a shared cache may keep never carries a cookie: a cache would hand one
// listener's session to the next. Sessions still slide on the calls that are not cached.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isSharedCacheable, keepCookiesPrivate } from "#worker/http/http.ts";
import { request } from "./support/request";
import { newSession } from "./support/session";

const day = 24 * 60 * 60 * 1000;

/** Every API GET answered with `Cache-Control: public` (radio ones skip the session read, kept for safety). */
const publicRoutes = [
  "/api/config",
  "/api/track-history",
  "/api/stats",
  "/api/auth/verify.js",
  "/api/radio/now-playing",
  "/api/radio/next-track",
];

/** A signed-in user whose session was last extended two days ago: the next use slides it. */
async function sessionDueForRenewal(): Promise<{ id: string; cookie: string }> {
  const session = await newSession("user");
  await env.DB.prepare("update sessions set expires_at = ?1 where user_id = ?2")
    .bind(Date.now() + 28 * day, session.id)
    .run();
  return session;
}

async function storedExpiry(userId: string): Promise<number> {
  const row = await env.DB.prepare("select expires_at from sessions where user_id = ?1")
    .bind(userId)
    .first<{ expires_at: number }>();
  return row?.expires_at ?? 0;
}

const isPublic = (res: Response) => /(^|,)\s*public\s*(,|$)/i.test(res.headers.get("cache-control") ?? "");

describe("cookies and shared caching", () => {
  it.each(publicRoutes)("GET %s is public and sets no cookie, even when the session is due", async (path) => {
    const { cookie } = await sessionDueForRenewal();
    const res = await request(path, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(isPublic(res)).toBe(true);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each(publicRoutes)("GET %s sets no cookie to clear an unknown session token either", async (path) => {
    const res = await request(path, { headers: { Cookie: "lr_session=forged-token-value" } });
    expect(isPublic(res)).toBe(true);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("slides the session on the next call that is not cached, and only then", async () => {
    const { id, cookie } = await sessionDueForRenewal();
    const due = await storedExpiry(id);
    await request("/api/stats", { headers: { Cookie: cookie } });
    expect(await storedExpiry(id)).toBe(due);

    const res = await request("/api/auth/me", { headers: { Cookie: cookie } });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const renewed = res.headers.getSetCookie().find((c) => c.startsWith("lr_session="));
    expect(renewed).toBeDefined();
    const expires = Date.parse(/expires=([^;]+)/i.exec(renewed ?? "")?.[1] ?? "");
    expect(Math.abs(expires - (Date.now() + 30 * day))).toBeLessThan(60_000);
    expect(Math.abs((await storedExpiry(id)) - (Date.now() + 30 * day))).toBeLessThan(60_000);
  });

  it("marks an answer that depends on the cookie and has no cache policy with Vary: Cookie", async () => {
    // The page list includes drafts for the admin only.
    const res = await request("/api/pages");
    expect(res.status).toBe(200);
    expect(res.headers.get("vary") ?? "").toMatch(/\bcookie\b/i);
  });
});

describe("keepCookiesPrivate, the app's last check on every response", () => {
  it("turns a shared-cacheable answer that sets a cookie private, and leaves others alone", () => {
    const withCookie = new Headers({ "Cache-Control": "public, max-age=30", "Set-Cookie": "a=b" });
    keepCookiesPrivate(withCookie);
    expect(withCookie.get("cache-control")).toBe("private, no-store");
    expect(isSharedCacheable(withCookie)).toBe(false);

    const withoutCookie = new Headers({ "Cache-Control": "public, max-age=30" });
    keepCookiesPrivate(withoutCookie);
    expect(withoutCookie.get("cache-control")).toBe("public, max-age=30");
    expect(isSharedCacheable(new Headers({ "Cache-Control": "s-maxage=60" }))).toBe(true);
    expect(isSharedCacheable(new Headers({ "Cache-Control": "no-store" }))).toBe(false);
  });
});
