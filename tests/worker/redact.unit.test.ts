import { describe, expect, it } from "vitest";
import { redactEmails, redactForLog, redactSecrets } from "#worker/lib/redact.ts";
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

describe("redactEmails", () => {
  it("masks the local part of every address, keeping the domain", () => {
    expect(redactEmails("mail to ann.lee+radio@example.com and BOB@Mail.Example.ORG failed")).toBe(
      "mail to •••@example.com and •••@Mail.Example.ORG failed",
    );
    expect(redactEmails("<listener_1@example.co.uk>")).toBe("<•••@example.co.uk>");
  });

  it("masks an address whose @ is percent-encoded", () => {
    expect(redactEmails("/?next=%2Fme&email=ann%40example.com")).toBe("/?next=%2Fme&email=•••%40example.com");
  });

  it("leaves stack frames, scoped packages and versions alone", () => {
    for (const text of [
      "at file:///app/node_modules/.pnpm/hono@4.13.19/node_modules/hono/dist/compose.js:22:23",
      "import from @cloudflare/workers-types",
      "no address here @ all",
      "user@localhost",
    ]) {
      expect(redactEmails(text)).toBe(text);
    }
  });
});

describe("redactForLog", () => {
  it("masks tokens, session ids and e-mail addresses together", () => {
    const id = anonymousId();
    expect(redactForLog(`${id} of ann@example.com at /api/auth/verify?token=${token}`)).toBe(
      "session-[redacted] of •••@example.com at /api/auth/verify?token=[redacted]",
    );
  });
});
