import { describe, expect, it } from "vitest";
import {
  adminPasswordMinLength,
  adminPasswordProblem,
  constantTimeEqual,
  hashPassword,
  parsePasswordHash,
  passwordIterations,
  verifyPassword,
} from "#worker/lib/password.ts";

const pepper = "unit-test-pepper-0123456789";

describe("hashPassword", () => {
  it("stores the algorithm, 100,000 iterations, a random salt and the hash in one string", async () => {
    const hash = await hashPassword("lounge-admin", pepper);
    expect(passwordIterations).toBe(100_000);
    expect(hash).toMatch(/^pbkdf2-sha256:100000:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain("lounge-admin");
    // wrangler expands "$NAME" in env files, so the format must not use "$".
    expect(hash).not.toContain("$");
    const parsed = parsePasswordHash(hash);
    expect(parsed?.iterations).toBe(100_000);
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.hash).toHaveLength(32);
  });

  it("salts every hash differently", async () => {
    const [a, b] = await Promise.all([hashPassword("same", pepper), hashPassword("same", pepper)]);
    expect(a).not.toBe(b);
  });
});

describe("verifyPassword", () => {
  it("accepts the right password with the right pepper only", async () => {
    const hash = await hashPassword("correct horse", pepper);
    expect(await verifyPassword("correct horse", pepper, hash)).toBe(true);
    expect(await verifyPassword("correct horse ", pepper, hash)).toBe(false);
    expect(await verifyPassword("Correct horse", pepper, hash)).toBe(false);
    expect(await verifyPassword("correct horse", `${pepper}!`, hash)).toBe(false);
  });

  it("honours the iteration count stored in the hash", async () => {
    const hash = await hashPassword("older", pepper, 20_000);
    expect(hash.startsWith("pbkdf2-sha256:20000:")).toBe(true);
    expect(await verifyPassword("older", pepper, hash)).toBe(true);
  });

  it("rejects, without throwing, hashes it did not write", async () => {
    const good = await hashPassword("x", pepper);
    const [, , salt, digest] = good.split(":");
    for (const bad of [
      "",
      "plain-text-password",
      `pbkdf2-sha256$100000$${salt}$${digest}`,
      `pbkdf2-sha1:100000:${salt}:${digest}`,
      `pbkdf2-sha256:1000:${salt}:${digest}`,
      `pbkdf2-sha256:1000000:${salt}:${digest}`,
      `pbkdf2-sha256:100000:${salt}:${digest}x`,
    ]) {
      expect(parsePasswordHash(bad)).toBeNull();
      expect(await verifyPassword("x", pepper, bad)).toBe(false);
    }
  });
});

describe("constantTimeEqual", () => {
  it("tells equal from different byte strings, including different lengths", () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    expect(constantTimeEqual(bytes(1, 2, 3), bytes(1, 2, 3))).toBe(true);
    expect(constantTimeEqual(bytes(1, 2, 3), bytes(1, 2, 4))).toBe(false);
    expect(constantTimeEqual(bytes(1, 2, 3), bytes(1, 2))).toBe(false);
    expect(constantTimeEqual(bytes(), bytes(0))).toBe(false);
  });
});

describe("adminPasswordProblem (npm run admin:hash)", () => {
  it("refuses an empty password and one shorter than 12 characters, saying why", () => {
    expect(adminPasswordMinLength).toBe(12);
    expect(adminPasswordProblem("")).toBe("The password is empty.");
    expect(adminPasswordProblem("elevenchars")).toBe(
      "The password is too short: use at least 12 characters.",
    );
    // Characters, not UTF-16 units: eleven emoji are still eleven characters.
    expect(adminPasswordProblem("\u{1F3B5}".repeat(11))).not.toBeNull();
  });

  it("accepts 12 characters or more, such as the documented local password", () => {
    expect(adminPasswordProblem("lounge-admin")).toBeNull();
    expect(adminPasswordProblem("a much longer pass phrase")).toBeNull();
  });
});
