import { describe, expect, it } from "vitest";
import { requestLink } from "./support/auth";
import { uniqueEmail, uniqueIp } from "./support/unique";

describe("login link rate limits", () => {
  it("allow 5 requests per client in 15 minutes, then answer 429 with a message and Retry-After", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      expect((await requestLink(uniqueEmail("client"), { ip })).status).toBe(200);
    }
    const blocked = await requestLink(uniqueEmail("client"), { ip });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await blocked.json()).toEqual({
      error: "too_many_requests",
      message: expect.stringMatching(/^Too many login link requests\. Please try again in \d+ minutes?\.$/),
    });
  });

  it("allow 5 requests per e-mail address in 15 minutes, whichever clients send them", async () => {
    const email = uniqueEmail("address");
    for (let i = 0; i < 5; i++) {
      expect((await requestLink(email, { ip: uniqueIp() })).status).toBe(200);
    }
    const blocked = await requestLink(email.toUpperCase(), { ip: uniqueIp() });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).not.toBeNull();
    expect(await blocked.json()).toMatchObject({
      error: "too_many_requests",
      message: expect.stringContaining("Too many login links for this address"),
    });
    // Other addresses are not affected.
    expect((await requestLink(uniqueEmail("other"))).status).toBe(200);
  });
});
