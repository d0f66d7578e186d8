import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUserId } from "#schema/api.ts";
import { loginTokens, users } from "#schema/db.ts";
import { sha256Hex } from "#worker/lib/crypto.ts";
import { getDb } from "#worker/lib/db.ts";
import {
  adminEmail,
  consumeLoginToken,
  createLoginToken,
  discardLoginToken,
  isWellFormedLoginToken,
  loginTokenLifetimeMs,
  signInByEmail,
} from "#worker/lib/tokens.ts";
import { uniqueEmail } from "./support/unique";

const db = getDb(env.DB);
const t0 = Date.parse("2032-01-01T00:00:00Z");

describe("createLoginToken", () => {
  it("issues a 256-bit URL-safe token and stores only its hash, expiring in 15 minutes", async () => {
    const issued = await createLoginToken(db, env.KV, uniqueEmail("create"), t0);
    expect(isWellFormedLoginToken(issued.token)).toBe(true);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.tokenHash).toBe(await sha256Hex(issued.token));
    expect(issued.expiresAt).toBe(t0 + loginTokenLifetimeMs);
    expect(loginTokenLifetimeMs).toBe(15 * 60 * 1000);
    const row = await db.select().from(loginTokens).where(eq(loginTokens.tokenHash, issued.tokenHash)).get();
    expect(row?.expiresAt.getTime()).toBe(t0 + loginTokenLifetimeMs);
    expect(row?.usedAt).toBeNull();
  });

  it("never issues the same token twice", async () => {
    const tokens = await Promise.all(
      Array.from({ length: 20 }, () => createLoginToken(db, env.KV, uniqueEmail("many"), t0)),
    );
    expect(new Set(tokens.map((t) => t.token)).size).toBe(20);
  });
});

describe("consumeLoginToken", () => {
  it("gives the e-mail once, then 'invalid'", async () => {
    const address = uniqueEmail("once");
    const { token } = await createLoginToken(db, env.KV, address, t0);
    expect(await consumeLoginToken(db, env.KV, token, t0 + 1000)).toEqual({ ok: true, email: address });
    expect(await consumeLoginToken(db, env.KV, token, t0 + 2000)).toEqual({ ok: false, reason: "invalid" });
  });

  it("is 'expired' from the 15th minute on, and that answer marks nothing used", async () => {
    const { token } = await createLoginToken(db, env.KV, uniqueEmail("late"), t0);
    const at = t0 + loginTokenLifetimeMs;
    expect(await consumeLoginToken(db, env.KV, token, at)).toEqual({ ok: false, reason: "expired" });
    expect(await consumeLoginToken(db, env.KV, token, t0)).toMatchObject({ ok: true });
  });

  it("lets only one of many concurrent consumers win", async () => {
    const { token } = await createLoginToken(db, env.KV, uniqueEmail("race"), t0);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => consumeLoginToken(db, env.KV, token, t0 + 1)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("calls malformed and unknown tokens 'invalid'", async () => {
    for (const token of ["", "x", "A".repeat(42), "A".repeat(44), `${"A".repeat(42)}=`, "B".repeat(43)]) {
      expect(await consumeLoginToken(db, env.KV, token, t0)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("refuses a discarded token (its mail never went out)", async () => {
    const issued = await createLoginToken(db, env.KV, uniqueEmail("discarded"), t0);
    await discardLoginToken(db, env.KV, issued.tokenHash);
    expect(await env.KV.get(`login-token:${issued.tokenHash}`)).toBeNull();
    expect(await consumeLoginToken(db, env.KV, issued.token, t0)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("signInByEmail", () => {
  it("creates the user on first login with a random id and updates lastLoginAt later", async () => {
    const address = uniqueEmail("user");
    const first = await signInByEmail(db, address, t0);
    expect(first?.email).toBe(address);
    expect(first?.id).toMatch(/^[0-9a-f-]{36}$/);
    const second = await signInByEmail(db, address, t0 + 5000);
    expect(second?.id).toBe(first?.id);
    const row = await db.select().from(users).where(eq(users.email, address)).get();
    expect(row?.lastLoginAt?.getTime()).toBe(t0 + 5000);
  });

  it("never returns the admin's row", async () => {
    await db
      .insert(users)
      .values({ id: adminUserId, email: adminEmail })
      .onConflictDoNothing({ target: users.id });
    expect(await signInByEmail(db, adminEmail, t0)).toBeNull();
    // Even a row sharing an address with the admin is not handed out by this path.
    await db.update(users).set({ email: "owner@example.com" }).where(eq(users.id, adminUserId));
    expect(await signInByEmail(db, "owner@example.com", t0)).toBeNull();
    await db.update(users).set({ email: adminEmail }).where(eq(users.id, adminUserId));
  });
});
