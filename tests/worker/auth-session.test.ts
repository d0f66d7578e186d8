import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loginAs, me, postVerify, requestToken, sessionCookie } from "./support/auth";
import { postJson, request } from "./support/request";
import { uniqueEmail } from "./support/unique";

const day = 24 * 60 * 60 * 1000;

function attributes(setCookie: string): string[] {
  return setCookie.split(";").map((part) => part.trim().toLowerCase());
}

describe("GET /api/auth/me", () => {
  it("answers null (200) when nobody is logged in", async () => {
    const res = await request("/api/auth/me");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toBeNull();
  });

  it("answers null and clears the cookie for an unknown session token", async () => {
    const res = await request("/api/auth/me", { headers: { Cookie: "lr_session=forged-token-value" } });
    expect(await res.json()).toBeNull();
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("lr_session="));
    expect(cleared).toMatch(/Max-Age=0/i);
  });
});

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/, 30 days, and not Secure on localhost", async () => {
    const res = await postVerify(await requestToken(uniqueEmail("cookie")));
    const header = res.headers.getSetCookie().find((c) => c.startsWith("lr_session="));
    expect(header).toBeDefined();
    const parts = attributes(header ?? "");
    expect(parts).toContain("httponly");
    expect(parts).toContain("samesite=lax");
    expect(parts).toContain("path=/");
    expect(parts).not.toContain("secure");
    const expires = Date.parse(parts.find((p) => p.startsWith("expires="))?.slice(8) ?? "");
    expect(Math.abs(expires - (Date.now() + 30 * day))).toBeLessThan(60_000);
    // At least 128 bits of randomness: 32 bytes in base64url.
    expect(sessionCookie(res).split("=")[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("is Secure and __Host- prefixed on an https host, and a plain-named cookie is ignored there", async () => {
    const base = "https://lounge.example";
    const res = await postVerify(await requestToken(uniqueEmail("https")), { base });
    expect(res.headers.get("location")).toBe("/?auth=success");
    const header = res.headers.getSetCookie().find((c) => c.startsWith("__Host-lr_session="));
    const parts = attributes(header ?? "");
    expect(parts).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/"]));
    expect(parts.some((p) => p.startsWith("domain="))).toBe(false);

    const cookie = sessionCookie(res);
    expect(await me(cookie, base)).toMatchObject({ email: expect.stringContaining("https-") });
    // The same token under the plain name could have been planted over http or by a subdomain.
    const tossed = cookie.replace("__Host-lr_session=", "lr_session=");
    expect(await me(tossed, base)).toBeNull();
  });

  it("stores only the token's hash in the sessions table", async () => {
    const email = uniqueEmail("hashed");
    const cookie = await loginAs(email);
    const token = cookie.split("=")[1] ?? "";
    const rows = await env.DB.prepare(
      "select s.token_hash from sessions s join users u on u.id = s.user_id where u.email = ?",
    )
      .bind(email)
      .all<{ token_hash: string }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.results[0]?.token_hash).not.toBe(token);
  });

  it("is a new token on every login, and the browser's previous session ends", async () => {
    const email = uniqueEmail("relogin");
    const first = await loginAs(email);
    const res = await postVerify(await requestToken(email), { cookie: first });
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect(await me(second)).toMatchObject({ email });
    expect(await me(first)).toBeNull();
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the session server-side: the old cookie no longer works", async () => {
    const email = uniqueEmail("logout");
    const cookie = await loginAs(email);
    expect(await me(cookie)).toMatchObject({ email });

    const res = await postJson("/api/auth/logout", {}, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("lr_session="));
    expect(cleared).toMatch(/Max-Age=0/i);

    expect(await me(cookie)).toBeNull();
    const left = await env.DB.prepare(
      "select count(*) as n from sessions s join users u on u.id = s.user_id where u.email = ?",
    )
      .bind(email)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("answers success when nobody is logged in", async () => {
    const res = await request("/api/auth/logout", {
      method: "POST",
      headers: { Origin: "http://localhost" },
    });
    expect(res.status).toBe(200);
  });

  it("refuses a cross-origin logout with 403 and keeps the session", async () => {
    const email = uniqueEmail("forged-logout");
    const cookie = await loginAs(email);
    const res = await postJson("/api/auth/logout", {}, { cookie, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await me(cookie)).toMatchObject({ email });
  });
});
