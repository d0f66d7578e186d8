// What the worker writes to its log (kept by the platform's observability) must not carry a
// listener's session id, a login token or an e-mail address: an unhandled error logs the route
// pattern, never the path, and its message and stack pass through redactForLog.
import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "./support/request";
import { anonymousId } from "./support/unique";

/** A D1 binding that fails every statement, so the route's first query is an unhandled error. */
function brokenDb(message: string) {
  const fail = () => {
    throw new Error(message);
  };
  return { prepare: fail, batch: fail };
}

afterEach(() => vi.restoreAllMocks());

/** Every console line the request writes, whatever its level. */
async function loggedBy(path: string, db: ReturnType<typeof brokenDb>): Promise<string> {
  const spies = (["log", "warn", "error"] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation(() => {}),
  );
  const res = await request(path, {}, { DB: db });
  expect(res.status).toBe(500);
  return spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(" "))).join("\n");
}

describe("the unhandled-error log", () => {
  it("names the route pattern but not the session id in its path", async () => {
    const id = anonymousId();
    const log = await loggedBy(`/api/sleep-timer/${id}`, brokenDb("D1 is down"));
    expect(log).toContain('"route":"/api/sleep-timer/:sessionId"');
    expect(log).toContain("D1 is down");
    expect(log).not.toContain(id);
  });

  it("masks a session id, a login token and an e-mail address the error quotes", async () => {
    const id = anonymousId();
    const token = "Xq3_abcDEF-0123456789abcdefghijklmnopqrstu";
    const log = await loggedBy(
      `/api/favorites/${id}?token=${token}`,
      brokenDb(`owner ${id} (someone@example.org) came from /api/auth/verify?token=${token}`),
    );
    expect(log).toContain("owner session-[redacted] (•••@example.org)");
    for (const secret of [id, token, "someone@"]) expect(log).not.toContain(secret);
  });
});
