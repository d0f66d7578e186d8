// The operator's log: one JSON line per request (method, route pattern, status, duration, the
// id also sent as X-Request-Id) and one per unhandled error with its stack, never a token, a
// session id, a cookie or an e-mail address.
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { request } from "./support/request";
import { newSession } from "./support/session";
import { anonymousId } from "./support/unique";

type Line = Record<string, unknown>;

let spies: MockInstance[] = [];

beforeEach(() => {
  spies = (["log", "warn", "error"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation(() => {}),
  );
});
afterEach(() => vi.restoreAllMocks());

/** Everything written to the console, each call as one string. */
function written(): string[] {
  return spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(" ")));
}

/** The JSON lines with this `msg`, parsed. */
function lines(msg: string): Line[] {
  return written()
    .filter((text) => text.startsWith("{"))
    .map((text) => JSON.parse(text) as Line)
    .filter((line) => line.msg === msg);
}

function onlyRequestLine(): Line {
  const found = lines("request");
  expect(found).toHaveLength(1);
  return found[0] as Line;
}

/** A D1 binding whose every statement throws `message`, so the route's first query fails. */
function brokenDb(message: string) {
  const fail = () => {
    throw new Error(message);
  };
  return { prepare: fail, batch: fail, exec: fail };
}

const ray = "8f3a2b1c0d9e8f7a-AMS";

describe("the request line", () => {
  it("is one JSON line with the route pattern, status, duration and the id sent as X-Request-Id", async () => {
    const id = anonymousId();
    const res = await request(`/api/favorites/${id}?trackTitle=secret-query`);
    expect(res.status).toBe(200);
    const line = onlyRequestLine();
    expect(line).toMatchObject({ level: "info", method: "GET", route: "/api/favorites/:id", status: 200 });
    expect(typeof line.durationMs).toBe("number");
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("X-Request-Id")).toBe(line.requestId);
    const all = written().join("\n");
    expect(all).not.toContain(id);
    expect(all).not.toContain("secret-query");
  });

  it("takes Cloudflare's Ray ID as the request id when the request carries one", async () => {
    const res = await request("/api/radio/now-playing", { headers: { "cf-ray": ray } });
    expect(res.headers.get("X-Request-Id")).toBe(ray);
    expect(onlyRequestLine().requestId).toBe(ray);
  });

  it("ignores a cf-ray header that is no Ray ID", async () => {
    const res = await request("/api/radio/now-playing", {
      headers: { "cf-ray": "<script>alert(1)</script>" },
    });
    const requestId = res.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(onlyRequestLine().requestId).toBe(requestId);
    expect(written().join("\n")).not.toContain("script");
  });

  it("gives each request its own id", async () => {
    const first = await request("/api/radio/now-playing");
    const second = await request("/api/radio/now-playing");
    expect(first.headers.get("X-Request-Id")).not.toBe(second.headers.get("X-Request-Id"));
  });

  it("is a warning for a 4xx, naming the catch-all pattern of an unknown API path", async () => {
    const res = await request("/api/no-such-thing/session-1-abc");
    expect(res.status).toBe(404);
    const line = onlyRequestLine();
    expect(line).toMatchObject({ level: "warn", route: "/api/*", status: 404 });
    expect(res.headers.get("X-Request-Id")).toBe(line.requestId);
    expect(JSON.stringify(line)).not.toContain("session-1-abc");
  });

  it("names the route a guard refused, not the guard's /api/*", async () => {
    const id = anonymousId();
    const res = await request(`/api/sleep-timer/${id}`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ minutes: 30 }),
    });
    expect(res.status).toBe(403);
    expect(onlyRequestLine()).toMatchObject({
      level: "warn",
      method: "POST",
      route: "/api/sleep-timer/:sessionId",
      status: 403,
    });
    expect(written().join("\n")).not.toContain(id);
  });

  it("covers what falls through to the static assets, with the catch-all pattern", async () => {
    const res = await request("/history?email=listener@example.com", { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    const line = onlyRequestLine();
    expect(line).toMatchObject({ level: "info", method: "GET", route: "/*", status: 200 });
    expect(res.headers.get("X-Request-Id")).toBe(line.requestId);
    expect(written().join("\n")).not.toContain("listener@example.com");
  });

  it("logs a WebSocket handshake but leaves its 101 response untouched", async () => {
    const res = await request("/api/radio/live", {
      headers: { Upgrade: "websocket", Origin: "http://localhost" },
    });
    expect(res.status).toBe(101);
    res.webSocket?.accept();
    res.webSocket?.close();
    expect(res.headers.has("X-Request-Id")).toBe(false);
    expect(onlyRequestLine()).toMatchObject({ level: "info", route: "/api/radio/live", status: 101 });
  });

  it("never holds the login token of a verify link or the session cookie", async () => {
    const token = "Xq3_abcDEF-0123456789abcdefghijklmnopqrstu";
    const { cookie } = await newSession("user");
    const res = await request(`/api/auth/verify?token=${token}`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(onlyRequestLine()).toMatchObject({ method: "GET", route: "/api/auth/verify" });
    const all = written().join("\n");
    expect(all).not.toContain(token);
    expect(all).not.toContain(cookie.split("=")[1]);
  });
});

describe("an unhandled error", () => {
  it("logs its message and stack at level error, then the request line with 500", async () => {
    const id = anonymousId();
    const res = await request(
      `/api/sleep-timer/${id}`,
      { headers: { "cf-ray": ray } },
      {
        DB: brokenDb("D1 is down"),
      },
    );
    expect(res.status).toBe(500);
    const [error, ...more] = lines("unhandled error");
    expect(more).toHaveLength(0);
    expect(error).toMatchObject({
      level: "error",
      requestId: ray,
      method: "GET",
      route: "/api/sleep-timer/:sessionId",
      error: "D1 is down",
    });
    expect(error?.stack).toEqual(expect.stringContaining("D1 is down"));
    expect(error?.stack).toEqual(expect.stringMatching(/\n\s+at /));
    expect(onlyRequestLine()).toMatchObject({ level: "error", requestId: ray, status: 500 });
    expect(res.headers.get("X-Request-Id")).toBe(ray);
    // The error line comes before the request line.
    const order = written().map((text) => (text.startsWith("{") ? (JSON.parse(text) as Line).msg : text));
    expect(order.indexOf("unhandled error")).toBeLessThan(order.indexOf("request"));
    expect(written().join("\n")).not.toContain(id);
  });

  it("masks an e-mail address, a session id and a token quoted in the message and the stack", async () => {
    const id = anonymousId();
    const res = await request(
      `/api/favorites/${id}`,
      {},
      {
        DB: brokenDb(`no row for listener.one+radio@example.com, ${id}, /api/auth/verify?token=abc123`),
      },
    );
    expect(res.status).toBe(500);
    const [error] = lines("unhandled error");
    expect(error?.error).toBe(
      "no row for •••@example.com, session-[redacted], /api/auth/verify?token=[redacted]",
    );
    expect(error?.stack).toEqual(expect.stringContaining("•••@example.com"));
    const all = written().join("\n");
    expect(all).not.toContain("listener.one");
    expect(all).not.toContain(id);
    expect(all).not.toContain("abc123");
  });

  it("a broken configuration logs as misconfigured, with the request id", async () => {
    const res = await request("/api/radio/now-playing", {}, { STREAM_URL_HD: "not a url" });
    expect(res.status).toBe(500);
    const [error] = lines("server misconfigured");
    expect(error).toMatchObject({ level: "error", route: "/api/radio/now-playing" });
    expect(error?.requestId).toBe(res.headers.get("X-Request-Id"));
    expect(onlyRequestLine()).toMatchObject({ level: "error", status: 500 });
  });
});
