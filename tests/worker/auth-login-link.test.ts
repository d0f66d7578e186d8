import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminEmail } from "#worker/lib/tokens.ts";
import {
  debugTokens,
  linkFor,
  loginAs,
  me,
  postForm,
  postVerify,
  requestLink,
  requestLinkInBrowser,
  requestToken,
  sessionCookie,
  tokenOf,
  verifyPageHtml,
} from "./support/auth";
import { postJson, request } from "./support/request";
import { uniqueEmail } from "./support/unique";

afterEach(() => {
  vi.useRealTimers();
});

async function userTokenHash(email: string): Promise<string | undefined> {
  const row = await env.DB.prepare("select token_hash from login_tokens where email = ?")
    .bind(email)
    .first<{ token_hash: string }>();
  return row?.token_hash;
}

async function userRow(email: string) {
  return env.DB.prepare("select id, email, created_at, last_login_at from users where email = ?")
    .bind(email)
    .first<{ id: string; email: string; created_at: number; last_login_at: number | null }>();
}

describe("POST /api/auth/request-login", () => {
  it("answers a known and an unknown address identically", async () => {
    const known = uniqueEmail("known");
    await loginAs(known);
    expect(await userRow(known)).not.toBeNull();
    const unknown = uniqueEmail("unknown");

    const a = await requestLink(known);
    const b = await requestLink(unknown);
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(await b.text()).toBe(await a.text());
    expect(b.headers.get("content-type")).toBe(a.headers.get("content-type"));
    // Each asking browser gets its mark (a random value), and nothing else: no session.
    const withoutValue = (res: Response) => res.headers.getSetCookie().map((c) => c.replace(/=[^;]*/, "=…"));
    expect(withoutValue(a)).toEqual(["lr_login=…; Max-Age=900; Path=/; HttpOnly; SameSite=Lax"]);
    expect(withoutValue(b)).toEqual(withoutValue(a));
    // Asking for a link does not create an account.
    expect(await userRow(unknown)).toBeNull();
  });

  it("normalises the address, so the link signs in the lower-cased account", async () => {
    const email = uniqueEmail("MiXeD");
    const res = await requestLink(`  ${email.toUpperCase()}  `);
    expect(res.status).toBe(200);
    const link = await linkFor(email.toLowerCase());
    const verified = await postVerify(tokenOf(link));
    expect(await me(sessionCookie(verified))).toMatchObject({ email: email.toLowerCase() });
  });

  it("builds the link from SITE_URL, never from the request's Host", async () => {
    const email = uniqueEmail("host");
    const res = await postJson(
      "http://evil.example/api/auth/request-login",
      { email },
      { origin: "http://evil.example" },
    );
    expect(res.status).toBe(200);
    const link = await linkFor(email);
    expect(link.startsWith(`${env.SITE_URL}/api/auth/verify?token=`)).toBe(true);
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("stores only the token's hash in D1, and the hash in KV with a 15-minute TTL", async () => {
    const email = uniqueEmail("stored");
    const token = await requestToken(email);
    const row = await env.DB.prepare(
      "select token_hash, expires_at, used_at from login_tokens where email = ?",
    )
      .bind(email)
      .first<{ token_hash: string; expires_at: number; used_at: number | null }>();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(token);
    expect(row?.used_at).toBeNull();
    const lifetime = (row?.expires_at ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000);

    const listed = await env.KV.list({ prefix: `login-token:${row?.token_hash}` });
    expect(listed.keys).toHaveLength(1);
    const ttlSeconds = (listed.keys[0]?.expiration ?? 0) - Date.now() / 1000;
    expect(ttlSeconds).toBeGreaterThan(14 * 60);
    expect(ttlSeconds).toBeLessThanOrEqual(15 * 60 + 1);
    const record = JSON.parse((await env.KV.get(`login-token:${row?.token_hash}`)) ?? "{}");
    expect(record).toEqual({
      email,
      browser: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: row?.expires_at,
    });
    expect(JSON.stringify(record)).not.toContain(token);
  });

  it("refuses an invalid address with 400 and a message", async () => {
    for (const body of [{ email: "not-an-address" }, {}, { email: 42 }]) {
      const res = await postJson("/api/auth/request-login", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_request", message: expect.any(String) });
    }
  });

  it("refuses a cross-origin request with 403", async () => {
    const res = await postJson(
      "/api/auth/request-login",
      { email: uniqueEmail() },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "cross_origin", message: expect.any(String) });
  });

  it("refuses a body that is not JSON with 415", async () => {
    const res = await postForm("/api/auth/request-login", "email=someone%40example.com");
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: "unsupported_media_type", message: expect.any(String) });
  });
});

describe("GET /api/auth/verify (what a mail scanner fetches)", () => {
  it("answers a page that posts the token back, and does not burn the token", async () => {
    const email = uniqueEmail("scanner");
    const { token, cookie } = await requestLinkInBrowser(email);

    for (let i = 0; i < 2; i++) {
      const page = await request(`/api/auth/verify?token=${token}`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.getSetCookie()).toEqual([]);
      const html = await page.text();
      expect(html).toContain('<form id="verify-form" method="post" action="/api/auth/verify">');
      expect(html).toContain(`name="token" value="${token}"`);
      expect(html).toContain("<button");
      expect(html).toContain('<script src="/api/auth/verify.js" defer></script>');
      // The CSP allows only same-origin scripts, so the page has no inline script.
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    }

    expect((await debugTokens()).find((t) => t.email === email)?.used).toBe(false);
    const res = await postVerify(token);
    expect(res.headers.get("location")).toBe("/?auth=success");
  });

  it("keeps the Origin on its form post: referrer policy same-origin, not no-referrer (Origin: null)", async () => {
    const token = await requestToken(uniqueEmail("referrer"));
    const html = await (await request(`/api/auth/verify?token=${token}`)).text();
    expect(html).toContain('<meta name="referrer" content="same-origin">');
    const nullOrigin = await postVerify(token, { origin: "null" });
    expect(nullOrigin.status).toBe(403);
  });

  it("serves the page's script, which submits the form", async () => {
    const res = await request("/api/auth/verify.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(await res.text()).toContain('getElementById("verify-form")?.submit()');
  });

  it("sends a malformed or missing token straight to /?auth=error", async () => {
    for (const query of ["", "?token=", "?token=short", `?token=${"a".repeat(42)}!`]) {
      const res = await request(`/api/auth/verify${query}`, { redirect: "manual" });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/?auth=error");
    }
  });
});

describe("a link opened in a browser that did not ask for it (login CSRF)", () => {
  it("logs in by itself only in the browser that asked for the link", async () => {
    const email = uniqueEmail("asker");
    const { token, cookie } = await requestLinkInBrowser(email);
    const html = await verifyPageHtml(token, cookie);
    expect(html).toContain('<script src="/api/auth/verify.js" defer></script>');
    expect(html).toContain(`Logging you in as ${email[0]}\u2022\u2022\u2022@example.com`);
  });

  it("asks any other browser first, showing whose account it would log into", async () => {
    const email = uniqueEmail("attacker");
    const { token } = await requestLinkInBrowser(email);
    const someoneElse = await requestLinkInBrowser(uniqueEmail("victim"));
    for (const cookie of [undefined, someoneElse.cookie, `lr_login=${"x".repeat(43)}`]) {
      const html = await verifyPageHtml(token, cookie);
      expect(html).not.toContain("<script");
      expect(html).toContain(`<p>Log in as ${email[0]}\u2022\u2022\u2022@example.com?</p>`);
      expect(html).not.toContain(email);
      expect(html).toContain('<button type="submit">Log in</button>');
    }
    // Opening it burnt nothing; pressing the button logs in.
    expect((await debugTokens()).find((t) => t.email === email)?.used).toBe(false);
    const res = await postVerify(token);
    expect(res.headers.get("location")).toBe("/?auth=success");
    expect(await me(sessionCookie(res))).toMatchObject({ email });
  });

  it("clears the browser's mark once it has logged in", async () => {
    const { token, cookie } = await requestLinkInBrowser(uniqueEmail("cleared"));
    const res = await postVerify(token, { cookie });
    expect(res.headers.get("location")).toBe("/?auth=success");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("lr_login="))).toMatch(/Max-Age=0/);
  });

  it("sends a used or unknown link to /?auth=error and an expired one to /?auth=expired, without a page", async () => {
    const used = await requestToken(uniqueEmail("used-page"));
    await postVerify(used);
    const unknown = "u".repeat(43);
    for (const [token, outcome] of [
      [used, "error"],
      [unknown, "error"],
    ]) {
      const res = await request(`/api/auth/verify?token=${token}`, { redirect: "manual" });
      expect(res.headers.get("location")).toBe(`/?auth=${outcome}`);
    }
    vi.useFakeTimers({ toFake: ["Date"] });
    const expired = await requestToken(uniqueEmail("expired-page"));
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const res = await request(`/api/auth/verify?token=${expired}`, { redirect: "manual" });
    expect(res.headers.get("location")).toBe("/?auth=expired");
  });
});

describe("KV decides whether a link logs in; D1 guards single use", () => {
  const kvRecordOf = async (email: string) => {
    const row = await userTokenHash(email);
    return `login-token:${row}`;
  };

  it("refuses a link whose KV record is gone, once KV has had time to propagate", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = uniqueEmail("kv-gone");
    const token = await requestToken(email);
    await env.KV.delete(await kvRecordOf(email));
    vi.setSystemTime(Date.now() + 3 * 60 * 1000);
    const res = await postVerify(token);
    expect(res.headers.get("location")).toBe("/?auth=expired");
    expect(res.headers.getSetCookie().some((c) => c.includes("lr_session="))).toBe(false);
  });

  it("lets a link KV does not know yet log in through D1 within two minutes of asking, by the button", async () => {
    const email = uniqueEmail("kv-late");
    const { token, cookie } = await requestLinkInBrowser(email);
    await env.KV.delete(await kvRecordOf(email));
    // The browser is unknown without the record: the page asks, even in the asking browser.
    expect(await verifyPageHtml(token, cookie)).not.toContain("<script");
    expect((await postVerify(token)).headers.get("location")).toBe("/?auth=success");
  });
});

describe("POST /api/auth/verify", () => {
  it("signs the browser in: a session cookie, /?auth=success, and /api/auth/me returns the user", async () => {
    const email = uniqueEmail("verify");
    const res = await postVerify(await requestToken(email));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/?auth=success");
    const cookie = sessionCookie(res);
    const user = (await me(cookie)) as { id: string; email: string };
    expect(user.email).toBe(email);
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("creates the user on the first login and updates lastLoginAt on every login", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = uniqueEmail("repeat");
    vi.setSystemTime(new Date("2031-03-01T10:00:00Z"));
    await loginAs(email);
    const first = await userRow(email);
    expect(first?.last_login_at).toBe(Date.parse("2031-03-01T10:00:00Z"));

    vi.setSystemTime(new Date("2031-03-02T08:30:00Z"));
    await loginAs(email);
    const second = await userRow(email);
    expect(second?.id).toBe(first?.id);
    expect(second?.last_login_at).toBe(Date.parse("2031-03-02T08:30:00Z"));
    const count = await env.DB.prepare("select count(*) as n from users where email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("refuses a link that was already used: /?auth=error, no cookie", async () => {
    const token = await requestToken(uniqueEmail("reuse"));
    expect((await postVerify(token)).headers.get("location")).toBe("/?auth=success");
    const again = await postVerify(token);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/?auth=error");
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("lets exactly one of two simultaneous uses of a link win", async () => {
    const token = await requestToken(uniqueEmail("race"));
    const results = await Promise.all([postVerify(token), postVerify(token), postVerify(token)]);
    const locations = results.map((r) => r.headers.get("location")).sort();
    expect(locations).toEqual(["/?auth=error", "/?auth=error", "/?auth=success"]);
  });

  it("lands an expired link (after 15 minutes) on /?auth=expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2031-05-01T12:00:00Z");
    vi.setSystemTime(start);
    const fresh = await requestToken(uniqueEmail("fresh"));
    const stale = await requestToken(uniqueEmail("stale"));

    vi.setSystemTime(start + 15 * 60 * 1000 - 1000);
    expect((await postVerify(fresh)).headers.get("location")).toBe("/?auth=success");

    vi.setSystemTime(start + 15 * 60 * 1000);
    const res = await postVerify(stale);
    expect(res.headers.get("location")).toBe("/?auth=expired");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("lands malformed and unknown tokens on /?auth=error", async () => {
    const unknownButWellFormed = "A".repeat(43);
    for (const token of ["", "short", `${"a".repeat(42)}!`, "a".repeat(44), unknownButWellFormed]) {
      const res = await postVerify(token);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/?auth=error");
    }
    const noField = await postForm("/api/auth/verify", "other=1");
    expect(noField.headers.get("location")).toBe("/?auth=error");
  });

  it("answers a body that is not a form post with a JSON 415", async () => {
    const res = await postJson("/api/auth/verify", { token: "A".repeat(43) });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: "unsupported_media_type", message: expect.any(String) });
  });

  it("refuses a cross-origin form post (login CSRF) without burning the token", async () => {
    const token = await requestToken(uniqueEmail("csrf"));
    const forged = await postVerify(token, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "cross_origin" });
    expect((await postVerify(token)).headers.get("location")).toBe("/?auth=success");
  });

  it("never signs in as the admin, whatever address a link was sent to", async () => {
    const admin = await postJson("/api/auth/login", { username: "admin", password: "lounge-admin" });
    expect(admin.status).toBe(200);
    const res = await requestLink(adminEmail);
    expect(res.status).toBe(200);
    const verified = await postVerify(tokenOf(await linkFor(adminEmail)));
    expect(verified.headers.get("location")).toBe("/?auth=error");
    expect(verified.headers.getSetCookie()).toEqual([]);
  });
});
