// @project worker-station: it moves the station or holds it to what it played across reads (ADR 022).
import { describe, expect, it } from "vitest";
import { liveMessage, nextTrack, nowPlaying } from "#schema/api.ts";
import { request } from "./support/request";
import { nextMessage, stationReader, stationStatus } from "./support/station";

/**
 * Reads `path` once the room has polled and the routes' 1 s snapshot cache has passed. Another
 * test file rotates the shared station, so the answer is one of the titles around the read.
 */
async function readAfterPoll(path: string) {
  const before = await stationStatus();
  await stationReader().pollNow();
  await new Promise((r) => setTimeout(r, 1100));
  const res = await request(path);
  return { res, before, after: await stationStatus() };
}

describe("GET /api/radio/now-playing", () => {
  it("answers the live room's reading of the real local station, with the host's listener count", async () => {
    const { res, before, after } = await readAfterPoll("/api/radio/now-playing");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=5");
    const body = nowPlaying.parse(await res.json());
    expect([before.current.title, after.current.title]).toContain(body.title);
    expect(body.album).toBeNull();
    expect(typeof body.listeners).toBe("number");
  });

  it("never waits on the radio host, and never asks it for a listener's request", async () => {
    const { readsLastMinute } = await stationReader().status();
    const started = Date.now();
    const bodies = await Promise.all(
      Array.from({ length: 50 }, () => request("/api/radio/now-playing").then((r) => r.json())),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect((await stationReader().status()).readsLastMinute).toBe(readsLastMinute);
  });
});

describe("the radio calls", () => {
  it("never read the session: a listener's cookie costs them no database read", async () => {
    const withCookie = { headers: { Cookie: "lr_session=not-a-session" } };
    for (const path of ["/api/radio/now-playing", "/api/radio/next-track"]) {
      const res = await request(path, withCookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    // Elsewhere the unknown session is read, found missing and cleared.
    const other = await request("/api/auth/me", withCookie);
    expect(other.headers.get("set-cookie")).toContain("lr_session=");
  });
});

describe("GET /api/radio/next-track", () => {
  it("answers the station's next-track widget as the live room last read it", async () => {
    const { res, before, after } = await readAfterPoll("/api/radio/next-track");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=5");
    const body = nextTrack.parse(await res.json());
    expect([before.next.title, after.next.title]).toContain(body?.title);
  });
});

describe("GET /api/radio/live", () => {
  const upgrade = (headers: Record<string, string> = {}) =>
    request("/api/radio/live", { headers: { Upgrade: "websocket", ...headers } });

  it("answers a request that is no WebSocket upgrade with a JSON 426", async () => {
    const res = await request("/api/radio/live");
    expect(res.status).toBe(426);
    expect(await res.json()).toEqual({
      error: "upgrade_required",
      message: expect.stringContaining("WebSocket"),
    });
  });

  it("refuses another site's page with a JSON 403", async () => {
    const res = await upgrade({ Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "cross_origin" });
    expect(res.webSocket).toBeNull();
  });

  it("sends the room's current state first", async () => {
    const state = await stationReader().pollNow();
    const res = await upgrade({ Origin: "http://localhost" });
    expect(res.status).toBe(101);
    const socket = res.webSocket;
    if (!socket) throw new Error("no WebSocket");
    const firstMessage = nextMessage(socket);
    socket.accept();
    const first = liveMessage.parse(await firstMessage);
    expect(first.current).toEqual(state.current);
    expect(first.listeners).toBe(state.listeners);
    expect(first.version).toBeGreaterThanOrEqual(state.version);
    socket.close();
  });

  it("answers ping with pong without a round trip through the room's code", async () => {
    const res = await upgrade({ Origin: "http://localhost" });
    const socket = res.webSocket;
    if (!socket) throw new Error("no WebSocket");
    const first = nextMessage(socket);
    socket.accept();
    await first;
    const pong = new Promise((resolve) =>
      socket.addEventListener("message", (event) => resolve(event.data), { once: true }),
    );
    socket.send("ping");
    expect(await pong).toBe("pong");
    socket.close();
  });
});
