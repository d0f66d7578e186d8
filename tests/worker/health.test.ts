// @project worker-station: it moves the station or holds it to what it played across reads (ADR 022).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Track } from "#schema/api.ts";
import { fallbackTrack } from "#schema/station.ts";
import { refreshTrackHistory } from "#worker/lib/cron.ts";
import pkg from "../../package.json";
import { type Bindings, request, sendJson } from "./support/request";
import { stationReader } from "./support/station";

type HealthBody = {
  ok: boolean;
  db: { ok: boolean };
  radio: { ok: boolean; ageSeconds: number | null; lastOkAt: string | null };
  cron: {
    ok: boolean;
    ageSeconds: number | null;
    lastRunAt: string | null;
    lastOkAt: string | null;
    failingSteps: string[];
  };
  live: Record<string, unknown> | null;
};

const health = async (bindings?: Bindings) => {
  const res = await request("/api/health", {}, bindings);
  return { status: res.status, body: (await res.json()) as HealthBody };
};

/** A cron run with the station's track given, so it reads no host. */
const runCron = (at = Date.now(), track: () => Promise<Track> = async () => fallbackTrack) =>
  refreshTrackHistory(env, at, track);

async function setCronOkAt(at: number): Promise<void> {
  await env.DB.prepare("update cron_status set last_ok_at = ?1, last_run_at = ?1 where id = 1")
    .bind(at)
    .run();
}

/** A database that refuses every statement. */
const brokenDb = new Proxy(env.DB, {
  get: (target, prop) =>
    prop === "prepare" || prop === "batch" || prop === "exec"
      ? () => {
          throw new Error("D1_ERROR: database unavailable");
        }
      : Reflect.get(target, prop),
});

describe("GET /api/health", () => {
  it("answers 503 naming the cron while it has never run, and 200 once it has and the host was read", async () => {
    await env.DB.prepare("delete from cron_status").run();
    const before = await health();
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ ok: false, db: { ok: true }, cron: { ok: false, lastRunAt: null } });

    await stationReader().pollNow();
    await runCron();
    const after = await health();
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      ok: true,
      version: pkg.version,
      db: { ok: true },
      radio: { ok: true, ageSeconds: expect.any(Number), lastOkAt: expect.stringMatching(/^\d{4}-/) },
      cron: {
        ok: true,
        ageSeconds: expect.any(Number),
        lastRunAt: expect.stringMatching(/^\d{4}-/),
        lastOkAt: expect.stringMatching(/^\d{4}-/),
        failingSteps: [],
      },
      budgetsSpent: [],
      live: expect.any(Object),
      rewind: null,
    });
    expect(after.body.radio.ageSeconds).toBeLessThan(60);
  });

  it("answers 503 once the cron's last good run is older than HEALTH_MAX_AGE_SECONDS", async () => {
    await stationReader().pollNow();
    await runCron();
    await setCronOkAt(Date.now() - 301_000);
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body.cron).toMatchObject({ ok: false, failingSteps: [] });
    expect(body.cron.ageSeconds).toBeGreaterThanOrEqual(301);
    expect(body.radio.ok).toBe(true);
    // The limit is the operator's: a longer one makes the same state healthy.
    expect((await health({ HEALTH_MAX_AGE_SECONDS: "600" })).status).toBe(200);
  });

  it("names the steps failing in the latest run, and stays ok while a good run is recent", async () => {
    await stationReader().pollNow();
    await runCron();
    await runCron(Date.now(), async () => {
      throw new Error("host unreachable");
    });
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.cron.failingSteps).toEqual(["recording the current track"]);
  });

  it("answers 503 with db not ok, still as JSON, when the database does not answer", async () => {
    const { status, body } = await health({ DB: brokenDb });
    expect(status).toBe(503);
    expect(body).toMatchObject({ ok: false, db: { ok: false }, cron: { ok: false } });
  });

  it("reports the live room's reads of the radio host", async () => {
    await stationReader().pollNow();
    const { body } = await health();
    expect(body.live).toEqual({
      upstreamReadsLastMinute: expect.any(Number),
      lastReadAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastReadOk: true,
    });
    expect(body.live?.upstreamReadsLastMinute).toBeGreaterThanOrEqual(1);
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
  it("gives the SPA the configured stream URLs, whether the next track is announced, and the streams' timing", async () => {
    const res = await request("/api/config");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      streams: { hd: env.STREAM_URL_HD, sd: env.STREAM_URL_SD, mobile: env.STREAM_URL_MOBILE },
      historyWidgetUrl: null,
      // The test station's helper serves a next-track widget.
      announcesNextTrack: true,
      // The tests keep no rewind window (vitest.config.ts).
      rewind: { minutes: 0, restartTrack: false, playFromHistory: false, relay: false },
      // Icecast's burst and the spec's three bitrates, unless configured otherwise.
      streamTiming: {
        bitrateKbps: { hd: 320, sd: 128, mobile: 64 },
        burstBytes: { hd: 65535, sd: 65535, mobile: 65535 },
      },
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
