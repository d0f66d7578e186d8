import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { nextTrack, nowPlaying } from "../../schema/api";
import { fallbackTrack } from "../../schema/station";
import { app } from "../../worker/app";

type StationStatus = { current: { artist: string; title: string }; next: { artist: string; title: string } };

const stationStatus = async (): Promise<StationStatus> =>
  (await (await fetch(`${env.STATION_HELPER_URL}/status`)).json()) as StationStatus;

/** Binding overrides for one request (the generated Env type pins the production values). */
type Bindings = Record<string, string>;

const get = async (path: string, bindings: Bindings = {}, host = "http://localhost") =>
  app.request(`${host}${path}`, {}, { ...env, ...bindings });

/** An AzuraCast station on the fakes server, unique per test so no cache entry is shared. */
const azuracast = (mode: string, query = "") => ({
  RADIO_SOURCE: "azuracast",
  RADIO_METADATA_URL: `${env.FAKES_URL}/azuracast/${mode}/api/nowplaying/lounge?case=${crypto.randomUUID()}${query}`,
});

const fallback = { ...fallbackTrack, album: null, artwork: null, listeners: null };

beforeEach(async () => {
  await env.DB.prepare("delete from track_history").run();
});

describe("GET /api/radio/now-playing", () => {
  it("answers the real local station's current title, split into artist and title", async () => {
    const before = await stationStatus();
    const res = await exports.default.fetch(new Request("http://localhost/api/radio/now-playing"));
    expect(res.status).toBe(200);
    const body = nowPlaying.parse(await res.json());
    const after = await stationStatus();
    // The cache may hold an answer from up to 10 s ago; it is one of the titles around now.
    expect([before.current.title, after.current.title]).toContain(body.title);
    expect(typeof body.listeners).toBe("number");
  });

  it("lets browsers and the edge reuse the answer briefly", async () => {
    const res = await get("/api/radio/now-playing", azuracast("ok"));
    expect(res.headers.get("cache-control")).toBe("public, max-age=5");
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("normalises an AzuraCast station's song with album, artwork and listeners", async () => {
    const res = await get("/api/radio/now-playing", azuracast("ok", "&title=Blue%20Hour&listeners=7"));
    expect(await res.json()).toEqual({
      title: "Blue Hour",
      artist: "Azura Ensemble",
      album: "Night Sessions",
      artwork: "https://radio.example/api/station/1/art/current.jpg",
      listeners: 7,
    });
  });

  it("answers the fallback track with 200 when the radio host is down", async () => {
    const res = await get("/api/radio/now-playing", {
      RADIO_METADATA_URL: `http://127.0.0.1:9/${crypto.randomUUID()}`,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(fallback);
    expect(res.headers.get("cache-control")).toBe("public, max-age=5");
  });

  it("answers the fallback track after 3 s when the radio host is slow", async () => {
    const started = Date.now();
    const res = await get("/api/radio/now-playing", azuracast("slow"));
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(fallback);
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(4500);
  });

  it("answers the fallback track when the radio host answers garbage (HTML)", async () => {
    const res = await get("/api/radio/now-playing", azuracast("garbage"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(fallback);
  });

  it("answers the fallback track when the radio host answers 500", async () => {
    const res = await get("/api/radio/now-playing", azuracast("500"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(fallback);
  });

  it("answers the last recorded track instead of the fallback when the host is down", async () => {
    const insert = env.DB.prepare(
      "insert into track_history (title, artist, album, artwork, played_at) values (?1, ?2, ?3, ?4, ?5)",
    );
    await env.DB.batch([
      insert.bind("Slow Tide", "Amber Sato", "Coastline Sessions", null, Date.now() - 60_000),
      insert.bind("Older", "Someone", null, null, Date.now() - 120_000),
    ]);
    const res = await get("/api/radio/now-playing", {
      RADIO_METADATA_URL: `http://127.0.0.1:9/${crypto.randomUUID()}`,
    });
    expect(await res.json()).toEqual({
      title: "Slow Tide",
      artist: "Amber Sato",
      album: "Coastline Sessions",
      artwork: null,
      listeners: null,
    });
  });

  it("answers the last track the host gave when it later fails", async () => {
    const id = crypto.randomUUID();
    const bindings = {
      RADIO_SOURCE: "azuracast",
      RADIO_METADATA_URL: `${env.FAKES_URL}/azuracast/once/${id}/api/nowplaying/lounge?title=Remembered`,
    };
    expect(await (await get("/api/radio/now-playing", bindings)).json()).toMatchObject({
      title: "Remembered",
    });
    // Cache entries are per host name, so another host misses the cache and asks the (now failing) host again.
    const res = await get("/api/radio/now-playing", bindings, "http://127.0.0.1");
    expect(await res.json()).toMatchObject({
      title: "Remembered",
      artist: "Azura Ensemble",
      listeners: null,
    });
    const hits = await (await fetch(`${env.FAKES_URL}/azuracast/hits/${id}`)).json();
    expect(hits).toEqual({ hits: 2 });
  });

  it("asks the radio host once for 50 concurrent requests, and not again within 10 s", async () => {
    const id = crypto.randomUUID();
    const bindings = {
      RADIO_SOURCE: "azuracast",
      RADIO_METADATA_URL: `${env.FAKES_URL}/azuracast/counted/${id}/api/nowplaying/lounge`,
    };
    const burst = () =>
      Promise.all(
        Array.from({ length: 50 }, () => get("/api/radio/now-playing", bindings).then((r) => r.json())),
      );
    const first = await burst();
    expect(new Set(first.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(first[0]).toMatchObject({ title: "Harbour Lights" });
    const second = await burst();
    expect(second[0]).toEqual(first[0]);
    const hits = await (await fetch(`${env.FAKES_URL}/azuracast/hits/${id}`)).json();
    expect(hits).toEqual({ hits: 1 });
  });

  it("shows the station's new title within 10 s of a change", async () => {
    // The only test that rotates the shared station; other files read its status instead.
    await get("/api/radio/now-playing");
    const rotated = (await (await fetch(`${env.STATION_HELPER_URL}/rotate`, { method: "POST" })).json()) as {
      current: { title: string; artist: string };
    };
    const changedAt = Date.now();
    let shown = "";
    while (Date.now() - changedAt < 12_000) {
      shown = ((await (await get("/api/radio/now-playing")).json()) as { title: string }).title;
      if (shown === rotated.current.title) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(shown).toBe(rotated.current.title);
    expect(Date.now() - changedAt).toBeLessThanOrEqual(10_500);
  }, 20_000);
});

describe("GET /api/radio/next-track", () => {
  it("answers the configured widget's first item, so the browser needs no third-party origin", async () => {
    const res = await get("/api/radio/next-track", {
      NEXT_TRACK_URL: `${env.FAKES_URL}/widget/ok?case=${crypto.randomUUID()}`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=5");
    expect(nextTrack.parse(await res.json())).toEqual({
      title: "Sunset Drive",
      artist: "Coastal Trio",
      album: "Warm Nights",
      artwork: "https://widget.example/covers/sunset-drive.jpg",
    });
  });

  it("reads the local station's next-track widget", async () => {
    const before = await stationStatus();
    const body = (await (await get("/api/radio/next-track")).json()) as { title: string };
    const after = await stationStatus();
    expect([before.next.title, after.next.title]).toContain(body.title);
  });

  it("answers AzuraCast's playing_next when no widget is configured", async () => {
    const res = await get("/api/radio/next-track", { ...azuracast("ok"), NEXT_TRACK_URL: "" });
    expect(await res.json()).toMatchObject({ title: "Sunset Drive", artist: "Coastal Trio" });
  });

  it("answers null when no next-track source is configured", async () => {
    const res = await get("/api/radio/next-track", { NEXT_TRACK_URL: "" });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
  });

  it("answers null when the widget has nothing", async () => {
    const res = await get("/api/radio/next-track", {
      NEXT_TRACK_URL: `${env.FAKES_URL}/widget/empty?case=${crypto.randomUUID()}`,
    });
    expect(await res.json()).toBeNull();
  });

  it("answers null with 200 when the widget is down, answers garbage or 500", async () => {
    for (const url of [
      `http://127.0.0.1:9/${crypto.randomUUID()}`,
      `${env.FAKES_URL}/widget/garbage?case=${crypto.randomUUID()}`,
      `${env.FAKES_URL}/widget/500?case=${crypto.randomUUID()}`,
    ]) {
      const res = await get("/api/radio/next-track", { NEXT_TRACK_URL: url });
      expect(res.status).toBe(200);
      expect(await res.json()).toBeNull();
    }
  });

  it("asks the widget once for 50 concurrent requests", async () => {
    const id = crypto.randomUUID();
    const bindings = { NEXT_TRACK_URL: `${env.FAKES_URL}/widget/counted/${id}` };
    const bodies = await Promise.all(
      Array.from({ length: 50 }, () => get("/api/radio/next-track", bindings).then((r) => r.json())),
    );
    expect(bodies.every((b) => (b as { title: string }).title === "Sunset Drive")).toBe(true);
    const hits = await (await fetch(`${env.FAKES_URL}/widget/hits/${id}`)).json();
    expect(hits).toEqual({ hits: 1 });
  });
});
