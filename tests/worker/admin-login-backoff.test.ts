// Failed admin logins counted from every client together (docs/product.md §10, Accounts and
// security): one client is held to 10 attempts in 15 minutes; a guesser spread over many addresses meets this cap.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { adminFailureCap } from "#worker/lib/login-backoff.ts";
import { postJson } from "./support/request";

const right = { username: "admin", password: "lounge-admin" };
const wrong = { username: "admin", password: "guess" };

/** A login from a client of its own (postJson gives each call a fresh address). */
const login = (body: typeof right) => postJson("/api/auth/login", body);

async function setRow(key: string, count: number, windowStart: number): Promise<void> {
  await env.DB.prepare("insert or replace into rate_limits (key, count, window_start) values (?1, ?2, ?3)")
    .bind(key, count, windowStart)
    .run();
}

async function expectClosedFor(minutes: number): Promise<void> {
  const res = await login(right);
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
  expect(await res.json()).toEqual({
    error: "too_many_requests",
    message: `Too many failed logins. Please try again in ${minutes} minutes.`,
  });
  expect(res.headers.getSetCookie()).toEqual([]);
}

afterEach(async () => {
  await env.DB.prepare("delete from rate_limits where key like 'admin-login:%'").run();
});

describe("failed admin logins from all clients together", () => {
  it(`close the login for everyone, even with the right password, after ${adminFailureCap} failures`, async () => {
    for (let i = 0; i < adminFailureCap; i++) expect((await login(wrong)).status).toBe(401);
    // Still open: the cap is reached, not passed.
    expect((await login(right)).status).toBe(200);
    expect((await login(wrong)).status).toBe(401);
    await expectClosedFor(15);
  });

  it("reopen when the lockout ends, and close for twice as long the next time", async () => {
    const now = Date.now();
    await setRow("admin-login:lockout", 1, now - 16 * 60 * 1000);
    expect((await login(right)).status).toBe(200);
    await setRow("admin-login:failures", adminFailureCap, now);
    expect((await login(wrong)).status).toBe(401);
    await expectClosedFor(30);
  });

  it("close for at most 4 hours, and start again at 15 minutes a day after the last lockout", async () => {
    const now = Date.now();
    await setRow("admin-login:lockout", 9, now - 5 * 60 * 60 * 1000);
    await setRow("admin-login:failures", adminFailureCap, now);
    expect((await login(wrong)).status).toBe(401);
    await expectClosedFor(240);

    await setRow("admin-login:lockout", 3, now - 25 * 60 * 60 * 1000);
    await setRow("admin-login:failures", adminFailureCap, now);
    expect((await login(wrong)).status).toBe(401);
    await expectClosedFor(15);
  });
});
