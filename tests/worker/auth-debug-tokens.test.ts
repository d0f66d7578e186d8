import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { debugTokens, postVerify, requestLink, tokenOf } from "./support/auth";
import { request } from "./support/request";
import { uniqueEmail } from "./support/unique";

describe("GET /api/auth/debug-tokens", () => {
  it("lists requested links newest first with email, link, ISO expiry and used", async () => {
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await requestLink(first);
    await requestLink(second);
    const tokens = await debugTokens();
    const mine = tokens.filter((t) => t.email === first || t.email === second);
    expect(mine.map((t) => t.email)).toEqual([second, first]);
    for (const token of mine) {
      expect(token.link.startsWith(`${env.SITE_URL}/api/auth/verify?token=`)).toBe(true);
      expect(new Date(token.expiresAt).toISOString()).toBe(token.expiresAt);
      expect(Date.parse(token.expiresAt) - Date.now()).toBeGreaterThan(14 * 60 * 1000);
      expect(token.used).toBe(false);
    }
  });

  it("reports a link as used once it signed somebody in", async () => {
    const email = uniqueEmail("used");
    await requestLink(email);
    const before = (await debugTokens()).find((t) => t.email === email);
    expect(before?.used).toBe(false);
    await postVerify(tokenOf(before?.link ?? ""));
    expect((await debugTokens()).find((t) => t.email === email)?.used).toBe(true);
  });

  it("answers 404 when debug login links are off, and the log provider then records nothing", async () => {
    const off = { DEBUG_LOGIN_LINKS: "false" };
    const res = await request("/api/auth/debug-tokens", {}, off);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found", message: expect.any(String) });

    const email = uniqueEmail("quiet");
    expect((await requestLink(email, { bindings: off })).status).toBe(200);
    const outbox = await env.DB.prepare("select count(*) as n from dev_outbox where to_email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(outbox?.n).toBe(0);
  });

  it("never holds more than 50 entries", async () => {
    const tokens = await debugTokens();
    expect(tokens.length).toBeLessThanOrEqual(50);
  });

  it("is not found when the request comes to a host other than this machine (a LAN address, a tunnel)", async () => {
    await requestLink(uniqueEmail("lan"));
    for (const host of ["http://192.168.1.20:8787", "https://tunnel.example"]) {
      const res = await request(`${host}/api/auth/debug-tokens`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: "not_found" });
    }
    expect((await request("http://127.0.0.1:8787/api/auth/debug-tokens")).status).toBe(200);
  });
});
