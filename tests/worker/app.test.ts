import { describe, expect, it } from "vitest";
import { bootScript } from "#schema/boot-script.ts";
import { request } from "./support/request";
import { anonymousId } from "./support/unique";

describe("thrown errors", () => {
  it("become a JSON 500 { error, message } that leaks nothing internal", async () => {
    const failingDb = {
      prepare() {
        throw new Error("SQLITE_CORRUPT: secret internal detail at /var/db");
      },
    } as unknown as D1Database;
    const res = await request(`/api/sleep-timer/${anonymousId()}`, {}, { DB: failingDb });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe("internal_error");
    expect(typeof body.message).toBe("string");
    expect(JSON.stringify(body)).not.toContain("secret");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a broken configuration gives a JSON 500 naming no variable to the client", async () => {
    const res = await request("/api/health", {}, { STREAM_URL_HD: "not a url" });
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      error: "server_misconfigured",
      message: "The server is not configured correctly.",
    });
    expect(body).not.toContain("STREAM_URL_HD");
    // The headers middleware must not fail either: it falls back to a CSP without third-party hosts.
    expect(res.headers.get("content-security-policy")).toContain("media-src 'self';");
  });
});

describe("static assets", () => {
  it("serve the SPA's HTML for a deep link such as /history", async () => {
    const res = await request("/history", { headers: { "Sec-Fetch-Mode": "navigate", Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("the inline boot script", () => {
  it("is admitted by the CSP through its exact SHA-256 hash, and no other inline script is", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(bootScript));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    const res = await request("/", { headers: { Accept: "text/html" } });
    const scriptSrc = (res.headers.get("content-security-policy") ?? "")
      .split("; ")
      .find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it("is inlined into the prerendered HTML exactly as hashed", async () => {
    const res = await request("/", { headers: { Accept: "text/html" } });
    expect(await res.text()).toContain(`<script>${bootScript}</script>`);
  });

  it("is what starts the app: the document has no script of its own, only the entry's meta", async () => {
    const html = await (await request("/", { headers: { Accept: "text/html" } })).text();
    // The entry first, then the chunks it imports (React's, ADR 057).
    expect(html).toMatch(
      /<meta name="app-entry" content="\/assets\/index-[\w-]+\.js \/assets\/[^"]*react-[\w-]+\.js[^"]*">/,
    );
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual(["<script>"]);
  });
});

describe("the icons", () => {
  it("are PNG files that exist: an SVG icon is drawn on the page's main thread as it starts (ADR 059)", async () => {
    const html = await (await request("/", { headers: { Accept: "text/html" } })).text();
    const links = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)"[^>]*>/g)].map((m) => m[0]);
    expect(links).toContain(
      '<link rel="icon" type="image/png" sizes="192x192" href="/icons/icon-192.png" />',
    );
    expect(html).not.toMatch(/\.svg"/);
    const manifest = (await (await request("/manifest.webmanifest")).json()) as {
      icons: { src: string; type: string }[];
    };
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) expect(icon.type, icon.src).toBe("image/png");
    const paths = [
      ...links.map((link) => /href="([^"]+)"/.exec(link)?.[1] ?? ""),
      ...manifest.icons.map((i) => i.src),
    ];
    for (const path of paths) {
      const res = await request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("image/png");
      await res.body?.cancel();
    }
  });
});
