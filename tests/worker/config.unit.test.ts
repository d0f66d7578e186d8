import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConfigError, getConfig, isLoopbackUrl } from "#worker/lib/config.ts";

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

  it("reads the streams' bitrates and burst as one number for all, or per quality with defaults", () => {
    expect(getConfig(env).STREAM_BURST_BYTES).toEqual({ hd: 65535, sd: 65535, mobile: 65535 });
    expect(getConfig({ ...env, STREAM_BURST_BYTES: "131072" }).STREAM_BURST_BYTES).toEqual({
      hd: 131072,
      sd: 131072,
      mobile: 131072,
    });
    expect(getConfig({ ...env, STREAM_BITRATES_KBPS: " sd=96, mobile = 48 " }).STREAM_BITRATES_KBPS).toEqual({
      hd: 320,
      sd: 96,
      mobile: 48,
    });
    for (const bad of ["hd=320,fm=128", "hd=-1", "1.5", "hd:320", "hd=99999"]) {
      expect(() => getConfig({ ...env, STREAM_BITRATES_KBPS: bad }), bad).toThrow(/STREAM_BITRATES_KBPS/);
    }
  });

  it("refuses debug login links and the log provider on a public SITE_URL, naming each", () => {
    const site = { SITE_URL: "https://lounge-radio.example" };
    const debugOnly = { ...env, ...site, MAIL_PROVIDER: "resend", RESEND_API_KEY: "re_x" };
    expect(() => getConfig(debugOnly)).toThrow(ConfigError);
    expect(() => getConfig(debugOnly)).toThrow(
      /DEBUG_LOGIN_LINKS: may be true only when SITE_URL is a loopback/,
    );
    expect(() => getConfig(debugOnly)).not.toThrow(/MAIL_PROVIDER/);
    const logOnly = { ...env, ...site, DEBUG_LOGIN_LINKS: "false" };
    expect(() => getConfig(logOnly)).toThrow(/MAIL_PROVIDER: may be log only when SITE_URL is a loopback/);
    expect(() => getConfig(logOnly)).not.toThrow(/DEBUG_LOGIN_LINKS/);
    // MAIL_PROVIDER defaults to log: a public site that forgets it is refused too.
    const { MAIL_PROVIDER: _unset, ...noProvider } = { ...logOnly };
    expect(() => getConfig(noProvider)).toThrow(/MAIL_PROVIDER/);
  });

  it("accepts them on loopback sites, and the production variables on a public one", () => {
    for (const SITE_URL of [
      "http://localhost:8787",
      "http://127.0.0.1:51234",
      "http://127.3.2.1",
      "http://[::1]:8787",
    ]) {
      expect(getConfig({ ...env, SITE_URL }).DEBUG_LOGIN_LINKS).toBe(true);
    }
    const production = {
      ...env,
      SITE_URL: "https://lounge-radio.example",
      MAIL_PROVIDER: "resend",
      RESEND_API_KEY: "re_x",
      DEBUG_LOGIN_LINKS: "false",
    };
    expect(getConfig(production).MAIL_PROVIDER).toBe("resend");
  });

  it("counts only localhost, 127.0.0.0/8 and [::1] as loopback", () => {
    for (const url of ["http://localhost", "http://127.1:80", "http://0x7f000001/", "http://[::1]/"]) {
      expect(isLoopbackUrl(url)).toBe(true);
    }
    const publicUrls = [
      "https://lounge-radio.example",
      "http://localhost.example.com",
      "http://127.0.0.1.nip.io",
      "http://app.localhost",
      "http://10.0.0.1",
      "http://[::2]",
      "not a url",
    ];
    for (const url of publicUrls) expect(isLoopbackUrl(url)).toBe(false);
  });
});
