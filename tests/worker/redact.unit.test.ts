import { describe, expect, it } from "vitest";
import { redactSecrets } from "#worker/lib/redact.ts";
import { anonymousId } from "./support/unique";

const token = "Xq3_abcDEF-0123456789abcdefghijklmnopqrstu";

describe("redactSecrets", () => {
  it("masks a login token in a query string, whatever follows it", () => {
    expect(redactSecrets(`https://site.example/api/auth/verify?token=${token}`)).toBe(
      "https://site.example/api/auth/verify?token=[redacted]",
    );
    expect(redactSecrets(`/api/auth/verify?a=1&token=${token}&b=2#top`)).toBe(
      "/api/auth/verify?a=1&token=[redacted]&b=2#top",
    );
  });

  it("masks a token in a fragment, a form body and a URL nested inside another", () => {
    expect(redactSecrets(`/api/auth/verify#token=${token}`)).toBe("/api/auth/verify#token=[redacted]");
    expect(redactSecrets(`token=${token}`)).toBe("token=[redacted]");
    expect(redactSecrets(`/?next=%2Fapi%2Fauth%2Fverify%3Ftoken%3D${token}`)).toBe(
      "/?next=%2Fapi%2Fauth%2Fverify%3Ftoken%3D[redacted]",
    );
  });

  it("masks anonymous session ids in paths, queries and messages", () => {
    const id = anonymousId();
    expect(redactSecrets(`/api/sleep-timer/${id}`)).toBe("/api/sleep-timer/session-[redacted]");
    expect(redactSecrets(`/api/favorites/${id}/check?trackTitle=a`)).toBe(
      "/api/favorites/session-[redacted]/check?trackTitle=a",
    );
    expect(redactSecrets(`owner ${id} and ${id}`)).toBe("owner session-[redacted] and session-[redacted]");
    expect(redactSecrets(`/x?sessionId=${id}`)).not.toContain(id);
  });

  it("leaves everything else as it was", () => {
    for (const text of ["/api/history?limit=20", "/api/auth/verify?tokens=1&mytoken=2", "a session-cookie"]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });
});
