import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConfigError, getConfig } from "#worker/lib/config.ts";

describe("getConfig", () => {
  it("parses the local development configuration", () => {
    const config = getConfig(env);
    expect(config.RADIO_SOURCE).toBe("icecast");
    expect(config.HISTORY_RETENTION_DAYS).toBe(90);
    expect(config.DEBUG_LOGIN_LINKS).toBe(true);
    expect(config.HISTORY_WIDGET_URL).toBeUndefined();
  });

  it("fails fast naming a missing variable", () => {
    const { SITE_URL: _omitted, ...rest } = { ...env };
    expect(() => getConfig(rest)).toThrow(ConfigError);
    expect(() => getConfig({ ...rest })).toThrow(/SITE_URL/);
  });

  it("names a malformed variable", () => {
    expect(() => getConfig({ ...env, RADIO_SOURCE: "shoutcast" })).toThrow(/RADIO_SOURCE/);
    expect(() => getConfig({ ...env, STREAM_URL_SD: "ftp://example.com/sd" })).toThrow(/STREAM_URL_SD/);
  });
});
