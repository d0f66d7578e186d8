import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "#worker/lib/password.ts";
import { adminEmail } from "#worker/lib/tokens.ts";
import { me, postForm, sessionCookie } from "./support/auth";
import { postJson } from "./support/request";
import { uniqueIp } from "./support/unique";

const local = { username: "admin", password: "lounge-admin" };

describe("POST /api/auth/login (the admin)", () => {
  it("signs in the admin with the local credentials admin / lounge-admin", async () => {
    const res = await postJson("/api/auth/login", local);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const cookie = sessionCookie(res);
    expect(await me(cookie)).toEqual({ id: "admin", email: adminEmail });
    const row = await env.DB.prepare("select last_login_at from users where id = 'admin'").first<{
      last_login_at: number;
    }>();
    expect(Date.now() - (row?.last_login_at ?? 0)).toBeLessThan(60_000);
  });

  it("answers 401 'Invalid username or password' for a wrong password or username, setting no cookie", async () => {
    for (const body of [
      { username: "admin", password: "lounge-admin " },
      { username: "admin", password: "wrong" },
      { username: "Admin", password: "lounge-admin" },
      { username: "someone", password: "lounge-admin" },
    ]) {
      const res = await postJson("/api/auth/login", body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: "invalid_credentials",
        message: "Invalid username or password",
      });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("answers 400 with a message when username or password is missing", async () => {
    for (const body of [{ username: "admin" }, { password: "x" }, { username: "", password: "" }]) {
      const res = await postJson("/api/auth/login", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_request", message: expect.any(String) });
    }
  });

  it("answers a clear 503 when no admin password hash is configured", async () => {
    const res = await postJson("/api/auth/login", local, { bindings: { ADMIN_PASSWORD_HASH: "" } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: "admin_login_not_configured",
      message: "Admin login is not configured.",
    });
  });

  it("accepts a hash made by the same code the admin:hash script runs, with its pepper", async () => {
    const pepper = "another-pepper-for-this-test";
    const hash = await hashPassword("a new admin password", pepper);
    const overrides = { ADMIN_PASSWORD_HASH: hash, AUTH_PEPPER: pepper, ADMIN_USERNAME: "station-owner" };
    const ok = await postJson(
      "/api/auth/login",
      { username: "station-owner", password: "a new admin password" },
      { bindings: overrides },
    );
    expect(ok.status).toBe(200);
    // The same hash under a different pepper is worthless.
    const wrongPepper = await postJson(
      "/api/auth/login",
      { username: "station-owner", password: "a new admin password" },
      { bindings: { ...overrides, AUTH_PEPPER: "a-different-pepper-value" } },
    );
    expect(wrongPepper.status).toBe(401);
  });

  it("has a local hash (the script's output in dev/local.env) that verifies lounge-admin", async () => {
    const { ADMIN_PASSWORD_HASH: hash = "", AUTH_PEPPER: pepper = "" } = env as unknown as Record<
      string,
      string
    >;
    expect(hash).toMatch(/^pbkdf2-sha256:100000:/);
    expect(await verifyPassword("lounge-admin", pepper, hash)).toBe(true);
    expect(await verifyPassword("lounge-admin", `${pepper}x`, hash)).toBe(false);
  });

  it("is rate-limited per client: 429 with Retry-After and a message", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      const res = await postJson("/api/auth/login", { username: "admin", password: `guess-${i}` }, { ip });
      expect(res.status).toBe(401);
    }
    const blocked = await postJson("/api/auth/login", local, { ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({
      error: "too_many_requests",
      message: expect.stringMatching(/Too many login attempts/),
    });
    // Another client is not affected.
    expect((await postJson("/api/auth/login", local)).status).toBe(200);
  });

  it("refuses a cross-origin login with 403", async () => {
    const res = await postJson("/api/auth/login", local, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });

  it("refuses a form-encoded login with 415", async () => {
    const res = await postForm("/api/auth/login", "username=admin&password=lounge-admin");
    expect(res.status).toBe(415);
  });
});
