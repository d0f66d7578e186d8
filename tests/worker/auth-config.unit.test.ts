import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConfigError, defaultMailApiUrl, getConfig } from "#worker/lib/config.ts";

describe("auth and mail configuration", () => {
  it("has the local admin credentials and Resend's API as the default mail API", () => {
    const config = getConfig(env);
    expect(config.ADMIN_USERNAME).toBe("admin");
    expect(config.ADMIN_PASSWORD_HASH).toMatch(/^pbkdf2-sha256:100000:/);
    expect(config.AUTH_PEPPER).toBeTruthy();
    expect(config.MAIL_API_URL).toBe(defaultMailApiUrl);
    expect(defaultMailApiUrl).toBe("https://api.resend.com");
  });

  it("requires RESEND_API_KEY when MAIL_PROVIDER is resend, naming it", () => {
    expect(() => getConfig({ ...env, MAIL_PROVIDER: "resend" })).toThrow(ConfigError);
    expect(() => getConfig({ ...env, MAIL_PROVIDER: "resend", RESEND_API_KEY: " " })).toThrow(
      /RESEND_API_KEY/,
    );
    expect(getConfig({ ...env, MAIL_PROVIDER: "resend", RESEND_API_KEY: "re_x" }).RESEND_API_KEY).toBe(
      "re_x",
    );
  });

  it("requires AUTH_PEPPER with ADMIN_PASSWORD_HASH, naming it", () => {
    expect(() => getConfig({ ...env, AUTH_PEPPER: "" })).toThrow(/AUTH_PEPPER/);
    expect(() => getConfig({ ...env, AUTH_PEPPER: "short" })).toThrow(/AUTH_PEPPER/);
    expect(
      getConfig({ ...env, AUTH_PEPPER: "", ADMIN_PASSWORD_HASH: "" }).ADMIN_PASSWORD_HASH,
    ).toBeUndefined();
  });

  it("names a malformed ADMIN_PASSWORD_HASH", () => {
    expect(() => getConfig({ ...env, ADMIN_PASSWORD_HASH: "lounge-admin" })).toThrow(/ADMIN_PASSWORD_HASH/);
  });

  it("names a malformed MAIL_API_URL and CONTACT_NOTIFY_EMAIL", () => {
    expect(() => getConfig({ ...env, MAIL_API_URL: "not a url" })).toThrow(/MAIL_API_URL/);
    expect(() => getConfig({ ...env, CONTACT_NOTIFY_EMAIL: "nobody" })).toThrow(/CONTACT_NOTIFY_EMAIL/);
    expect(getConfig({ ...env, CONTACT_NOTIFY_EMAIL: "owner@example.com" }).CONTACT_NOTIFY_EMAIL).toBe(
      "owner@example.com",
    );
  });
});
