import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { me, postVerify, requestLink, sessionCookie, tokenOf } from "./support/auth";
import { mailSentTo, nothingListens, resendMail, type SentMail } from "./support/fakes";
import { uniqueEmail } from "./support/unique";

async function tokenRows(email: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from login_tokens where email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** KV holds "login-token:<hash>" → a record with the e-mail; counts the entries for one address. */
async function kvTokensFor(email: string): Promise<number> {
  const { keys } = await env.KV.list({ prefix: "login-token:" });
  const values = await Promise.all(keys.map((k) => env.KV.get<{ email: string }>(k.name, "json")));
  return values.filter((v) => v?.email === email).length;
}

describe("request-login with the Resend provider", () => {
  it("sends the link through Resend's API, and the mailed link signs in", async () => {
    const email = uniqueEmail("resend");
    const res = await requestLink(email, { bindings: resendMail("ok") });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    const mails = await mailSentTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as SentMail;
    expect(mail.authorization).toBe("Bearer re_test_key");
    expect(mail.from).toBe(env.MAIL_FROM);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toContain("Lounge Radio");
    expect(mail.text).toContain("expires in 15 minutes");
    expect(mail.html).toContain("expires in 15 minutes");

    const link = /https?:\/\/\S+\/api\/auth\/verify\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? "";
    expect(link.startsWith(env.SITE_URL)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);
    expect(await kvTokensFor(email)).toBe(1);
    const verified = await postVerify(tokenOf(link));
    expect(await me(sessionCookie(verified))).toMatchObject({ email });
  });

  for (const status of [422, 401, 403, 429, 500]) {
    it(`answers the spec's failure message when Resend answers ${status}, leaving no usable token`, async () => {
      const email = uniqueEmail(`fail${status}`);
      const res = await requestLink(email, { bindings: resendMail(`fail-${status}`) });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        error: "mail_failed",
        message: "Failed to send login link. Please try again.",
      });
      expect(await tokenRows(email)).toBe(0);
      expect(await kvTokensFor(email)).toBe(0);
    });
  }

  it("answers the failure message when Resend cannot be reached", async () => {
    const email = uniqueEmail("unreachable");
    const res = await requestLink(email, {
      bindings: { ...resendMail("ok"), MAIL_API_URL: `${nothingListens}/resend/ok` },
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ message: "Failed to send login link. Please try again." });
    expect(await tokenRows(email)).toBe(0);
  });
});
