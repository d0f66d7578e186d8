// The played-tracks widget runs in a sandboxed frame of the site's own (ADR 032): the site's
// pages name no third-party script, and the frame's page admits the widget's origin alone.
import { describe, expect, it } from "vitest";
import { cspDirectives } from "./support/csp";
import { request } from "./support/request";

const widget = { HISTORY_WIDGET_URL: "https://widget.example/played.js" };

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

describe("the played-tracks widget's frame", () => {
  it("is a page that loads the widget's script in a sandbox, framed by the site alone", async () => {
    const res = await request("/widgets/played-tracks", {}, widget);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<script src="https://widget.example/played.js" async></script>');
    const policy = cspDirectives(res.headers.get("Content-Security-Policy"));
    const inline = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(policy.get("script-src")).toEqual([await sha256(inline), "https://widget.example"]);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    // Sandboxed even when opened by itself: scripts, never the site's origin.
    expect(policy.get("sandbox")).toContain("allow-scripts");
    expect(policy.get("sandbox")).not.toContain("allow-same-origin");
    expect(res.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
  });

  it("is a 404 when no widget is configured", async () => {
    const res = await request("/widgets/played-tracks");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: "not_found",
      message: "No played-tracks widget is configured.",
    });
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("leaves the site's own pages without the widget's origin: they frame the site's page instead", async () => {
    for (const path of ["/history", "/", "/admin"]) {
      const res = await request(path, {}, widget);
      const policy = cspDirectives(res.headers.get("Content-Security-Policy"));
      expect(policy.get("script-src"), path).not.toContain("https://widget.example");
      expect(policy.get("connect-src"), path).not.toContain("https://widget.example");
      expect(policy.get("frame-src"), path).toContain("'self'");
      expect(policy.get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(res.headers.get("X-Frame-Options"), path).toBe("DENY");
    }
  });
});
