// The embeddable player's page (/embed): framed by any site, while every other page of the site
// keeps frame-ancestors 'none'; it sets no cookie, and its script is the embed's own, never the app.
import { describe, expect, it } from "vitest";
import { cspDirectives } from "./support/csp";
import { request } from "./support/request";

describe("/embed", () => {
  it("is the embed's own page, framed by anyone, framing nothing, with the stream hosts admitted", async () => {
    const res = await request("/embed?theme=dark&layout=compact");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/embed-[\w-]+\.js">/);
    // Not the app: no React entry, no boot script.
    expect(html).not.toContain('id="root"');
    const policy = cspDirectives(res.headers.get("Content-Security-Policy"));
    expect(policy.get("frame-ancestors")).toEqual(["*"]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'none'"]);
    expect(policy.get("script-src")?.[0]).toBe("'self'");
    expect(policy.get("connect-src")).toContain("'self'");
    expect(policy.get("media-src")).toContain("blob:");
    expect(res.headers.get("X-Frame-Options")).toBeNull();
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("is never the app framed by anyone: anything else the assets answer is a 404 with the site's policy", async () => {
    const app = { fetch: async () => new Response('<!doctype html><div id="root"></div>', { status: 200 }) };
    const res = await request("/embed", {}, { ASSETS: app });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
    expect(cspDirectives(res.headers.get("Content-Security-Policy")).get("frame-ancestors")).toEqual([
      "'none'",
    ]);
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("answers 503 with a message when the configuration is broken", async () => {
    const res = await request("/embed", {}, { STREAM_URL_HD: "not a url" });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: "server_misconfigured" });
  });

  it("leaves every other page unframeable", async () => {
    for (const path of ["/", "/history", "/embed.html", "/api/radio/now-playing"]) {
      const res = await request(path, { redirect: "manual" });
      expect(cspDirectives(res.headers.get("Content-Security-Policy")).get("frame-ancestors"), path).toEqual([
        "'none'",
      ]);
    }
  });
});
