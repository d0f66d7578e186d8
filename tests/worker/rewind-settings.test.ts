// The operator's rewind settings (ADR 042): the admin's alone, validated whole, bounded by the
// recording, carried to players by /api/config, and held by the server: the index and the
// segments stop at the operator's window, whatever a player asks.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ClientConfig, RewindIndex, RewindSettings } from "#schema/api.ts";
import { getConfig } from "#worker/lib/config.ts";
import { getDb } from "#worker/lib/db.ts";
import { RelayCount } from "#worker/live/reader/relay-count.ts";
import { type Bindings, request } from "./support/request";
import { segment, storeSegments } from "./support/rewind";
import { type Role, sessionHeaders } from "./support/session";

const minute = 60_000;
const on = { REWIND_MINUTES: "60" };
const defaults: RewindSettings = { minutes: 60, restartTrack: true, playFromHistory: true, relay: false };

async function call(method: string, path: string, role: Role, body?: unknown, bindings: Bindings = on) {
  const headers: Record<string, string> = { ...(await sessionHeaders(role)) };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return request(
    path,
    {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    },
    bindings,
  );
}

// Each isolate keeps the settings it read for 30 s: put the defaults back for the next test.
afterEach(async () => {
  expect((await call("PUT", "/api/rewind/settings", "admin", defaults)).status).toBe(200);
  await env.STREAM_RECORDER.getByName("mobile").prune(Number.POSITIVE_INFINITY, 0);
});

describe("/api/rewind/settings", () => {
  it("answers the admin only", async () => {
    expect((await call("GET", "/api/rewind/settings", "anonymous")).status).toBe(401);
    expect((await call("GET", "/api/rewind/settings", "user")).status).toBe(403);
    expect((await call("PUT", "/api/rewind/settings", "user", { ...defaults, minutes: 5 })).status).toBe(403);
    const res = await call("GET", "/api/rewind/settings", "admin");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ settings: defaults, recordedMinutes: 60 });
  });

  it("saves what the admin chose, and /api/config carries it to players", async () => {
    const chosen = { minutes: 15, restartTrack: false, playFromHistory: false, relay: true };
    const saved = await call("PUT", "/api/rewind/settings", "admin", chosen);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ settings: chosen, recordedMinutes: 60 });
    expect(await (await call("GET", "/api/rewind/settings", "admin")).json()).toMatchObject({
      settings: chosen,
    });
    const config = (await (await request("/api/config", {}, on)).json()) as ClientConfig;
    expect(config.rewind).toEqual(chosen);
    // Recording less than was allowed: the window in force is what is recorded.
    const fewer = (await (await request("/api/config", {}, { REWIND_MINUTES: "10" })).json()) as ClientConfig;
    expect(fewer.rewind.minutes).toBe(10);
    // Recording nothing: nothing offered.
    const off = (await (await request("/api/config")).json()) as ClientConfig;
    expect(off.rewind).toEqual({ minutes: 0, restartTrack: false, playFromHistory: false, relay: false });
  });

  it("refuses bad settings with a 400 that says what is wrong, and keeps what was saved", async () => {
    const cases: [unknown, string, Bindings?][] = [
      [{ ...defaults, minutes: 61 }, "minutes must be at most 60"],
      [{ ...defaults, minutes: -1 }, "minutes must be 0 or more"],
      [{ ...defaults, minutes: 2.5 }, "minutes must be a whole number of minutes"],
      [{ ...defaults, relay: "yes" }, "relay must be true or false"],
      [{ ...defaults, restartTrack: undefined }, "restartTrack must be true or false"],
      [{ ...defaults, extra: 1 }, "extra"],
      ["{not json", ""],
      [{ ...defaults, minutes: 0, relay: true }, "Relay mode needs the recording", { REWIND_MINUTES: "0" }],
    ];
    for (const [body, message, bindings] of cases) {
      const res = await call("PUT", "/api/rewind/settings", "admin", body, bindings);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string; message: string };
      expect(answer.message, JSON.stringify(body)).toContain(message);
    }
    expect(await (await call("GET", "/api/rewind/settings", "admin")).json()).toMatchObject({
      settings: defaults,
    });
  });

  it("holds listeners to the operator's window: the index and the segments stop at it", async () => {
    const mobile = env.STREAM_RECORDER.getByName("mobile");
    const now = Date.now();
    const old = segment(now - 20 * minute, false);
    const recent = segment(now - 30_000, false);
    await storeSegments(mobile, [old, recent]);
    const [oldRow, recentRow] = await mobile.segments(0, Number.MAX_SAFE_INTEGER);
    const urlOf = (key = "") => `/api/rewind/mobile/segments/${key.slice(key.lastIndexOf("/") + 1)}`;
    // Within 60 minutes the old segment is served.
    expect((await request(urlOf(oldRow?.key), {}, on)).status).toBe(200);

    await call("PUT", "/api/rewind/settings", "admin", { ...defaults, minutes: 10 });
    const index = (await (
      await request(`/api/rewind/mobile?at=${recent.startMs}`, {}, on)
    ).json()) as RewindIndex;
    expect(index.minutes).toBe(10);
    expect(index.oldest).toBeGreaterThanOrEqual(now - 10 * minute);
    const older = (await (
      await request(`/api/rewind/mobile?at=${now - 20 * minute}`, {}, on)
    ).json()) as RewindIndex;
    expect(older.segments.map((s) => s.start)).not.toContain(old.startMs);
    // Even where an edge kept its bytes.
    const refused = await request(urlOf(oldRow?.key), {}, on);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "That moment is no longer in the rewind window",
    );
    expect((await request(urlOf(recentRow?.key), {}, on)).status).toBe(200);

    // No window and no relay: nothing is served.
    await call("PUT", "/api/rewind/settings", "admin", { ...defaults, minutes: 0 });
    for (const path of ["/api/rewind/mobile", urlOf(recentRow?.key)]) {
      const res = await request(path, {}, on);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: string }).error, path).toBe("rewind_off");
    }
    // Relay alone: the newest minute, for live players.
    await call("PUT", "/api/rewind/settings", "admin", { ...defaults, minutes: 0, relay: true });
    expect((await request(urlOf(recentRow?.key), {}, on)).status).toBe(200);
    expect((await request(urlOf(oldRow?.key), {}, on)).status).toBe(404);
  });
});

describe("relay mode's listener count", () => {
  it("is the site's own live stretches playing now, by stream, while relay mode is on; the host's otherwise", async () => {
    const now = Date.now();
    const stretch = (quality: string, endedAgoMs: number, flags: { live?: boolean; closed?: boolean } = {}) =>
      env.DB.prepare(
        "insert into listening_sessions (id, session_id, started_at, ended_at, quality, closed, live) values (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
      )
        .bind(
          crypto.randomUUID(),
          `session-${crypto.randomUUID()}`,
          now - 10 * minute,
          now - endedAgoMs,
          quality,
          flags.closed ? 1 : 0,
          flags.live === false ? 0 : 1,
        )
        .run();
    await stretch("hd", 5000);
    await stretch("hd", 50_000);
    await stretch("sd", 1000);
    await stretch("hd", 5 * minute); // stopped writing: gone
    await stretch("hd", 1000, { closed: true }); // paused
    await stretch("mobile", 1000, { live: false }); // no live connection's pass

    const config = getConfig({ ...env, REWIND_MINUTES: "60" });
    const host = {
      current: { title: "Slow Tide" },
      listeners: 3,
      mounts: { "/hd": 1, "/sd": 1, "/mobile": 1 },
    };
    const db = getDb(env.DB);
    expect(await new RelayCount().apply(db, config, host, now)).toEqual(host);

    await call("PUT", "/api/rewind/settings", "admin", { ...defaults, relay: true });
    const counted = await new RelayCount().apply(db, config, host, now);
    const mount = (url: string) => new URL(url).pathname;
    expect(counted).toEqual({
      current: host.current,
      listeners: 3,
      mounts: {
        [mount(config.STREAM_URL_HD)]: 2,
        [mount(config.STREAM_URL_SD)]: 1,
        [mount(config.STREAM_URL_MOBILE)]: 0,
      },
    });
    // The host said nothing: nothing is counted.
    const silent = { current: null, listeners: null, mounts: null };
    expect(await new RelayCount().apply(db, config, silent, now)).toEqual(silent);
  });
});
