// The API client sends each request from a task of its own (web/lib/api.ts fetchInOwnTask): a
// page's first render starts all its queries in one task, and the fetch() calls would otherwise
// add to it. The request still goes out, and its answer still arrives.
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "#web/lib/api.ts";
import { failureText } from "#web/lib/api-errors.ts";
import { fetchNowPlaying } from "#web/lib/queries/radio.ts";
import { aTrack } from "./support/factories";
import { mockApi } from "./support/fetch";

/** Lets every pending microtask run, but no task. */
async function drainMicrotasks() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("requests from their own task", () => {
  it.each([
    ["apiRequest", () => apiRequest("GET", "/api/pages")],
    ["fetchNowPlaying", () => fetchNowPlaying()],
  ])("%s calls fetch only after the caller's task has ended, then answers", async (_name, call) => {
    const { calls } = mockApi({ "GET /api/pages": [], "GET /api/radio/now-playing": aTrack() });
    const answer = call();
    await drainMicrotasks();
    expect(calls).toHaveLength(0);
    await expect(answer).resolves.toBeDefined();
    expect(calls).toHaveLength(1);
  });

  it("yields with the browser's scheduler.yield() where there is one", async () => {
    const { calls } = mockApi({ "GET /api/pages": [] });
    let resume: () => void = () => undefined;
    const yieldToMain = vi.fn(() => new Promise<void>((resolve) => (resume = resolve)));
    vi.stubGlobal("scheduler", { yield: yieldToMain });
    const answer = apiRequest("GET", "/api/pages");
    await drainMicrotasks();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
    resume();
    await expect(answer).resolves.toEqual([]);
    expect(calls).toHaveLength(1);
  });
});

describe("what a listener is told when a call failed", () => {
  const answer = (status: number, error: string, message: string) =>
    new Error(`${status}: ${JSON.stringify({ error, message })}`);

  it.each([
    [answer(429, "too_many_requests", "Too many favorite changes. Please try again in 3 minutes.")],
    // The site's budget spent by a flood (ADR 032): the listener learns when to try again.
    [
      answer(
        503,
        "site_busy",
        "The station is receiving too many favorites right now. Please try again in 12 minutes.",
      ),
    ],
  ])("is the server's message for a refusal they can act on (%s)", (error) => {
    expect(failureText(error, "Failed to update favorites")).toBe(JSON.parse(error.message.slice(5)).message);
  });

  it("is the screen's own text for a failure of the server", () => {
    expect(
      failureText(answer(500, "internal_error", "D1_ERROR: no such table"), "Failed to update favorites"),
    ).toBe("Failed to update favorites");
    expect(failureText(new TypeError("Failed to fetch"), "Failed to update favorites")).toBe(
      "Failed to update favorites",
    );
  });
});
