// What the worker writes to its log (kept by the platform's observability) must not carry a
// listener's session id or a login token: an unhandled error logs the path without them.
import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "./support/request";
import { anonymousId } from "./support/unique";

/** A D1 binding that fails every statement, so the route's first query is an unhandled error. */
const brokenDb = {
  prepare() {
    throw new Error("D1 is down");
  },
  batch() {
    throw new Error("D1 is down");
  },
};

afterEach(() => vi.restoreAllMocks());

describe("the unhandled-error log", () => {
  it("names the route but not the session id in its path", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const id = anonymousId();
    const res = await request(`/api/sleep-timer/${id}`, {}, { DB: brokenDb });
    expect(res.status).toBe(500);
    const lines = logged.mock.calls.map((args) => args.map(String).join(" "));
    expect(lines.some((line) => line.includes("/api/sleep-timer/session-[redacted]"))).toBe(true);
    expect(lines.join("\n")).not.toContain(id);
  });
});
