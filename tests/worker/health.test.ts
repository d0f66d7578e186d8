import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import pkg from "../../package.json";
import { request, sendJson } from "./support/request";
import { stationReader } from "./support/station";

describe("GET /api/health", () => {
  it("answers ok with the version after querying D1", async () => {
    const res = await request("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ ok: true, version: pkg.version, live: expect.any(Object) });
  });

  it("reports the live room's reads of the radio host", async () => {
    await stationReader().pollNow();
    const body = (await (await request("/api/health")).json()) as { live: Record<string, unknown> };
    expect(body.live).toEqual({
      upstreamReadsLastMinute: expect.any(Number),
      lastReadAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastReadOk: true,
    });
    expect(body.live.upstreamReadsLastMinute).toBeGreaterThanOrEqual(1);
  });

  it("reaches the migrated database", async () => {
    const tables = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' order by name",
    ).all<{
      name: string;
    }>();
    expect(tables.results.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "contact_messages",
        "favorites",
        "listening_sessions",
        "login_tokens",
        "newsletter_subscribers",
        "pages",
        "sessions",
        "track_history",
        "users",
      ]),
    );
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404 with error and message", async () => {
    const res = await request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: "not_found",
      message: "No API route matches GET /api/does-not-exist",
    });
  });

  it("answer a JSON 404 for other methods too", async () => {
    const res = await sendJson("POST", "/api/nothing/here", "{}");
    expect(res.status).toBe(404);
    expect((await res.json()) as object).toHaveProperty("error", "not_found");
  });
});

describe("security headers", () => {
  it("are set on API responses, with a CSP that admits the configured stream and metadata hosts", async () => {
    const res = await request("/api/health");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`media-src 'self' ${new URL(env.STREAM_URL_HD).origin}`);
    expect(csp).toContain(new URL(env.RADIO_METADATA_URL).origin);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("GET /api/config", () => {
  it("gives the SPA the configured stream URLs", async () => {
    const res = await request("/api/config");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      streams: { hd: env.STREAM_URL_HD, sd: env.STREAM_URL_SD, mobile: env.STREAM_URL_MOBILE },
      historyWidgetUrl: null,
    });
  });
});

describe("the test station", () => {
  it("is the real local Icecast, reachable from workerd", async () => {
    const res = await fetch(`${env.ICECAST_URL}/status-json.xsl`);
    expect(res.ok).toBe(true);
    expect(await res.text()).toContain("/hd");
  });
});
