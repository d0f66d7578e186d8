import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "#worker/lib/db.ts";
import { MailError, type MailMessage, sendMail } from "#worker/lib/email/index.ts";
import { sendToLog } from "#worker/lib/email/log.ts";
import { loginEmail } from "#worker/lib/email/login-email.ts";
import { escapeHtml } from "#worker/lib/escape-html.ts";
import { envWith, mailSentTo, nothingListens, resendMail } from "./support/fakes";
import { uniqueEmail } from "./support/unique";

const link = "http://localhost:8787/api/auth/verify?token=abc_DEF-123";
const resendEnv = (mode: string, extra: Record<string, string> = {}) =>
  envWith({ ...resendMail(mode), ...extra });

const message = (to: string): MailMessage => ({ to, subject: "Hello", text: "Plain", html: "<p>Html</p>" });

describe("the login e-mail", () => {
  it("has text and HTML parts with the station name, the link, the expiry and the ignore line", () => {
    const mail = loginEmail({ to: "a@example.com", link, tokenHash: "h", expiresAt: 1 });
    expect(mail.subject).toBe("Your login link for Lounge Radio");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Lounge Radio");
      expect(part).toContain("expires in 15 minutes");
      expect(part).toMatch(/you can ignore this e-mail/);
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.loginLink).toEqual({ url: link, tokenHash: "h", expiresAt: 1 });
  });

  it("escapes what it puts into HTML", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    const mail = loginEmail({ to: "a@example.com", link: `${link}"><script>`, tokenHash: "h", expiresAt: 1 });
    expect(mail.html).not.toContain("<script>");
  });
});

describe("sendMail with the log provider", () => {
  afterEach(() => vi.restoreAllMocks());

  it("records the message in the dev outbox when debug login links are on", async () => {
    const to = uniqueEmail("outbox");
    await sendMail(env, message(to));
    const row = await env.DB.prepare("select subject, text, link from dev_outbox where to_email = ?")
      .bind(to)
      .first();
    expect(row).toEqual({ subject: "Hello", text: "Plain", link: null });
  });

  it("prints the login link on a loopback site, where a developer needs it", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    const mail = loginEmail({ to: uniqueEmail("dev"), link, tokenHash: "h", expiresAt: 1 });
    await sendToLog(getDb(env.DB), mail, { siteUrl: "http://localhost:8787", recordInOutbox: false });
    expect(printed.mock.calls.join("\n")).toContain(link);
  });

  it("prints neither the link nor its token when the site is not a loopback address", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    const publicLink = "https://lounge-radio.example/api/auth/verify?token=abc_DEF-123";
    const mail = loginEmail({ to: uniqueEmail("public"), link: publicLink, tokenHash: "h", expiresAt: 1 });
    const contact = {
      ...message(uniqueEmail("contact")),
      text: `See ${publicLink} and session-1700000000000-abcdefABCDEF0123`,
    };
    for (const sent of [mail, contact]) {
      await sendToLog(getDb(env.DB), sent, {
        siteUrl: "https://lounge-radio.example",
        recordInOutbox: false,
      });
    }
    const output = printed.mock.calls.join("\n");
    expect(output).toContain("Your login link for Lounge Radio");
    expect(output).toContain("login link not printed");
    expect(output).not.toContain("abc_DEF-123");
    expect(output).not.toContain("abcdefABCDEF0123");
  });

  it("records nothing when they are off", async () => {
    const to = uniqueEmail("silent");
    await sendMail(envWith({ DEBUG_LOGIN_LINKS: "false" }), message(to));
    const row = await env.DB.prepare("select count(*) as n from dev_outbox where to_email = ?")
      .bind(to)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

describe("sendMail with the Resend provider", () => {
  it("posts from, to, subject, text, html and reply_to with the Bearer key", async () => {
    const to = uniqueEmail("resend-unit");
    await sendMail(resendEnv("ok"), { ...message(to), replyTo: "listener@example.com" });
    const sent = await mailSentTo(to);
    expect(sent).toEqual([
      expect.objectContaining({
        authorization: "Bearer re_test_key",
        from: env.MAIL_FROM,
        to: [to],
        subject: "Hello",
        text: "Plain",
        html: "<p>Html</p>",
      }),
    ]);
  });

  it("accepts an API base URL with a trailing slash", async () => {
    const to = uniqueEmail("slash");
    const base = { MAIL_API_URL: `${env.FAKES_URL}/resend/ok/` };
    await expect(sendMail(resendEnv("ok", base), message(to))).resolves.toBeUndefined();
  });

  for (const status of [401, 403, 422, 429, 500]) {
    it(`throws a MailError naming Resend's ${status} answer`, async () => {
      const error = await sendMail(resendEnv(`fail-${status}`), message(uniqueEmail("err"))).catch((e) => e);
      expect(error).toBeInstanceOf(MailError);
      expect((error as Error).message).toContain(String(status));
    });
  }

  it("throws a MailError when Resend is unreachable", async () => {
    const unreachable = { MAIL_API_URL: nothingListens };
    const error = await sendMail(resendEnv("ok", unreachable), message(uniqueEmail("down"))).catch((e) => e);
    expect(error).toBeInstanceOf(MailError);
  });

  it("throws a MailError when the key is rejected as missing", async () => {
    // The fake answers 401 to a blank Bearer, as Resend does; config forbids it, so bypass config.
    const { sendWithResend } = await import("#worker/lib/email/resend.ts");
    const error = await sendWithResend(
      { apiUrl: `${env.FAKES_URL}/resend/ok`, apiKey: "", from: "a@example.com" },
      message(uniqueEmail("nokey")),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as Error).message).toContain("401");
  });
});
