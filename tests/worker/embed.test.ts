// The embeddable player's page (/embed): framed by any site, while every other page of the site
// keeps frame-ancestors 'none'; it sets no cookie, and its script is the embed's own, not the app.
import { describe, expect, it } from "vitest";
import { request } from "./support/request";
import { newSession } from "./support/session";

function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? "").split(";").map((d) => {
      const [name = "", ...sources] = d.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe("/embed", () => {
  it("is the embed's own page, framed by anyone, framing nothing, with the stream hosts admitted", async () => {
    const res = await request("/embed?theme=dark&layout=compact");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/embed-[\w-]+\.js">/);
    // Not the app: no React entry, no boot script.
    expect(html).not.toContain('id="root"');
    const policy = directives(res.headers.get("Content-Security-Policy"));
    expect(policy.get("frame-ancestors")).toEqual(["*"]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'none'"]);
    expect(policy.get("script-src")?.[0]).toBe("'self'");
    expect(policy.get("connect-src")).toContain("'self'");
    expect(policy.get("media-src")).toContain("blob:");
    expect(res.headers.get("X-Frame-Options")).toBeNull();
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("sets no cookie for a visitor who is logged in on the site either", async () => {
    const { cookie } = await newSession("user");
    const res = await request("/embed", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("leaves every other page unframeable", async () => {
    for (const path of ["/", "/history", "/embed.html", "/api/radio/now-playing"]) {
      const res = await request(path, { redirect: "manual" });
      expect(directives(res.headers.get("Content-Security-Policy")).get("frame-ancestors"), path).toEqual([
        "'none'",
      ]);
    }
  });
});
