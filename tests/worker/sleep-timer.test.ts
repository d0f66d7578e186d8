import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sleepTimerChoices, sleepTimerStatus } from "#schema/api.ts";
import { sendJson } from "./support/request";
import { anonymousId } from "./support/unique";

const call = (method: string, sessionId: string, body?: unknown) =>
  sendJson(method, `/api/sleep-timer/${sessionId}`, body);

const status = async (sessionId: string) =>
  sleepTimerStatus.parse(await (await call("GET", sessionId)).json());

afterEach(() => {
  vi.useRealTimers();
});

describe("the sleep timer", () => {
  it("is inactive for a session that never set one", async () => {
    const res = await call("GET", anonymousId());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ active: false, endTime: null });
  });

  it.each(sleepTimerChoices)("starts for %i minutes and reports its end time", async (minutes) => {
    const sessionId = anonymousId();
    const before = Date.now();
    const res = await call("POST", sessionId, { minutes });
    expect(res.status).toBe(200);
    const started = sleepTimerStatus.parse(await res.json());
    expect(started.active).toBe(true);
    expect(started.endTime).toBeGreaterThanOrEqual(before + minutes * 60_000);
    expect(started.endTime).toBeLessThanOrEqual(Date.now() + minutes * 60_000);
    expect(await status(sessionId)).toEqual(started);
  });

  it.each([
    ["10 minutes", { minutes: 10 }],
    ["0 minutes", { minutes: 0 }],
    ["a negative duration", { minutes: -15 }],
    ["120 minutes", { minutes: 120 }],
    ["a fractional 15.5", { minutes: 15.5 }],
    ["minutes as a string", { minutes: "30" }],
    ["no minutes", {}],
  ])("refuses %s with 400", async (_what, body) => {
    const sessionId = anonymousId();
    const res = await call("POST", sessionId, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid_request",
      message: "minutes must be one of 15, 30, 45, 60, 90",
    });
    expect(await status(sessionId)).toEqual({ active: false, endTime: null });
  });

  it("refuses a body that is not JSON with 400", async () => {
    const res = await call("POST", anonymousId(), "minutes=15");
    expect(res.status).toBe(400);
    expect((await res.json()) as object).toHaveProperty("error");
  });

  it("refuses a session id that is not session-{timestamp}-{random} with 400", async () => {
    for (const id of ["abc", "session-1-2", "session-1700000000000-short"]) {
      for (const method of ["GET", "DELETE"]) {
        const res = await call(method, id);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: "invalid_request", message: "Invalid session id" });
      }
      expect((await call("POST", id, { minutes: 15 })).status).toBe(400);
    }
  });

  it("restarting replaces the end time", async () => {
    const sessionId = anonymousId();
    await call("POST", sessionId, { minutes: 90 });
    const restarted = sleepTimerStatus.parse(await (await call("POST", sessionId, { minutes: 15 })).json());
    expect(await status(sessionId)).toEqual(restarted);
    expect(restarted.endTime).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  });

  it("becomes inactive once the end time has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.UTC(2026, 5, 1, 22, 0, 0);
    vi.setSystemTime(start);
    const sessionId = anonymousId();
    await call("POST", sessionId, { minutes: 15 });
    vi.setSystemTime(start + 15 * 60_000 - 1);
    expect(await status(sessionId)).toEqual({ active: true, endTime: start + 15 * 60_000 });
    vi.setSystemTime(start + 15 * 60_000);
    expect(await status(sessionId)).toEqual({ active: false, endTime: null });
  });

  it("cancels with DELETE, answering an empty object", async () => {
    const sessionId = anonymousId();
    await call("POST", sessionId, { minutes: 30 });
    const res = await call("DELETE", sessionId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await status(sessionId)).toEqual({ active: false, endTime: null });
  });

  it("keeps each session's timer apart", async () => {
    const mine = anonymousId();
    const yours = anonymousId();
    await call("POST", mine, { minutes: 45 });
    await call("DELETE", yours);
    expect((await status(mine)).active).toBe(true);
    expect((await status(yours)).active).toBe(false);
  });

  it("is stored in D1, so every isolate sees it", async () => {
    const sessionId = anonymousId();
    await call("POST", sessionId, { minutes: 60 });
    const row = await env.DB.prepare("select end_time from sleep_timers where session_id = ?1")
      .bind(sessionId)
      .first<{ end_time: number }>();
    expect(row?.end_time).toBe((await status(sessionId)).endTime);
  });
});
