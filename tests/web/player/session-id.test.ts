import { describe, expect, it } from "vitest";
import { createSessionId, isSessionId } from "#web/lib/session-id.ts";

describe("session ids", () => {
  it("have the form session-{timestamp}-{random} the server accepts", () => {
    const id = createSessionId();
    expect(id).toMatch(/^session-\d{10,16}-[A-Za-z0-9]{16,64}$/);
    expect(isSessionId(id)).toBe(true);
  });

  it("carry at least 96 random bits: no two are alike", () => {
    const ids = new Set(Array.from({ length: 2000 }, createSessionId));
    expect(ids.size).toBe(2000);
    const random = createSessionId().split("-")[2] ?? "";
    expect(random.length * Math.log2(62)).toBeGreaterThanOrEqual(96);
  });

  it("rejects stored values of another form", () => {
    expect(isSessionId("session-123-abc")).toBe(false);
    expect(isSessionId(null)).toBe(false);
  });
});
