// Accounts: passwordless login by e-mailed link, the admin's password login, sessions,
// and the debug list of sent links (docs/decisions/005-passwordless-login.md).
import { Hono } from "hono";
import { adminLogin, adminUserId, requestLogin } from "#schema/api.ts";
import { users } from "#schema/db.ts";
import { station } from "#schema/station.ts";
import type { AppEnv } from "../env";
import { jsonError, siteBusy } from "../http/http";
import { clearLoginBrowser, isLoginBrowser, markLoginBrowser } from "../http/login-browser";
import { hitClientLimit, limitPerClient, tooManyRequests } from "../http/rate-limit";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../http/session";
import { validate } from "../http/validate";
import { getConfig, isLoopbackUrl } from "../lib/config";
import { sha256Hex } from "../lib/crypto";
import { type Db, getDb } from "../lib/db";
import { escapeHtml } from "../lib/escape-html";
import { adminLoginLockout, recordAdminLoginFailure } from "../lib/login-backoff";
import { verifyAdminCredentials } from "../lib/password";
import { hitRateLimit, retryMessage } from "../lib/rate-limit";
import { createSession, deleteSessionByToken } from "../lib/session";
import { budgetMessage, spendSiteBudget } from "../lib/site-budgets";
import {
  adminEmail,
  consumeLoginToken,
  readLoginToken,
  recentDebugTokens,
  sendLoginLink,
  signInByEmail,
} from "../lib/tokens";

/** The fixed window both login rate limits count in. */
const loginRateWindowMs = 15 * 60 * 1000;
const loginLinkLimit = 5;
const adminLoginLimit = 10;
const debugTokenCount = 50;
/** The form post carries one 43-character token; anything much larger is not ours. */
const maxVerifyBodyBytes = 1024;

/** "a•••@example.com": enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "\u2022\u2022\u2022";
  return `${email.slice(0, 1)}\u2022\u2022\u2022${email.slice(at)}`;
}

/**
 * No inline script: the CSP says script-src 'self', so the auto-submit is served by /verify.js,
 * and only to the browser that asked for the link; any other browser is asked first.
 * Referrer policy same-origin keeps the token out of any cross-origin Referer; no-referrer
 * would make the browser send "Origin: null" on the form post, which the CSRF guard refuses.
 */
function verifyPage(token: string, email: string, autoSubmit: boolean): string {
  const name = escapeHtml(station.name);
  const who = escapeHtml(maskEmail(email));
  const text = autoSubmit
    ? `<p>Logging you in as ${who}&hellip; If nothing happens, press the button.</p>`
    : `<p>Log in as ${who}?</p>
<p>Only continue if you asked for this link on this device. If you did not, close this page.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex">
<title>Log in to ${name}</title>
${autoSubmit ? '<script src="/api/auth/verify.js" defer></script>\n' : ""}</head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; text-align: center">
<h1>Log in to ${name}</h1>
<form id="verify-form" method="post" action="/api/auth/verify">
<input type="hidden" name="token" value="${escapeHtml(token)}">
${text}
<button type="submit">Log in</button>
</form>
</body>
</html>`;
}

// A page restored from the back/forward cache must not post the used token again.
const verifyScript = `addEventListener("pageshow", (event) => {
  if (!event.persisted) document.getElementById("verify-form")?.submit();
});
`;

async function ensureAdminUser(db: Db, now: number): Promise<void> {
  await db
    .insert(users)
    .values({ id: adminUserId, email: adminEmail, createdAt: new Date(now), lastLoginAt: new Date(now) })
    .onConflictDoUpdate({ target: users.id, set: { lastLoginAt: new Date(now) } });
}

/** Login-link requests per client network, counted once the address is valid. */
const limitLinkRequests = limitPerClient(
  "login-link:client",
  loginLinkLimit,
  loginRateWindowMs,
  "login link requests",
);

export const auth = new Hono<AppEnv>()
  .get("/me", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(c.get("user"));
  })

  .post("/request-login", validate("json", requestLogin), limitLinkRequests, async (c) => {
    const { email } = c.req.valid("json");
    const now = Date.now();
    const db = getDb(c.env.DB);
    const byEmail = await hitRateLimit(
      db,
      `login-link:email:${(await sha256Hex(email)).slice(0, 32)}`,
      loginLinkLimit,
      loginRateWindowMs,
      now,
    );
    if (!byEmail.allowed) {
      return tooManyRequests(
        c,
        byEmail,
        retryMessage("login links for this address", byEmail.retryAfterSeconds),
      );
    }

    // The same refusal whatever the address: it says nothing of accounts.
    const budget = await spendSiteBudget(db, getConfig(c.env), "mail", now);
    if (!budget.allowed) {
      return siteBusy(c, budget.retryAfterSeconds, budgetMessage("login requests", budget.retryAfterSeconds));
    }
    if (!(await sendLoginLink(c.env, email, now, await markLoginBrowser(c)))) {
      return jsonError(c, 502, "Failed to send login link. Please try again.", "mail_failed");
    }
    // The same answer whether or not the address has an account.
    return c.json({ success: true as const });
  })

  // A mail scanner that fetches the link gets this page and burns nothing; the browser that
  // asked for the link posts the token back by script, any other browser by its button.
  .get("/verify", async (c) => {
    const token = c.req.query("token") ?? "";
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    const found = await readLoginToken(getDb(c.env.DB), c.env.KV, token, Date.now());
    if (!found.ok) return c.redirect(`/?auth=${found.reason === "expired" ? "expired" : "error"}`, 303);
    return c.html(verifyPage(token, found.email, await isLoginBrowser(c, found.browser)));
  })

  .get("/verify.js", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(verifyScript, 200, { "Content-Type": "text/javascript; charset=utf-8" });
  })

  .post("/verify", async (c) => {
    const type = c.req.header("Content-Type") ?? "";
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
      return jsonError(c, 415, "Send the login token as a form post.");
    }
    const declaredLength = Number(c.req.header("Content-Length") ?? "0");
    const body = declaredLength <= maxVerifyBodyBytes ? await c.req.text() : "";
    const token =
      body.length <= maxVerifyBodyBytes ? (new URLSearchParams(body).get("token") ?? "").trim() : "";
    const db = getDb(c.env.DB);
    const now = Date.now();
    const result = await consumeLoginToken(db, c.env.KV, token, now);
    c.header("Cache-Control", "no-store");
    if (!result.ok) return c.redirect(`/?auth=${result.reason === "expired" ? "expired" : "error"}`, 303);
    const user = await signInByEmail(db, result.email, now);
    if (!user) return c.redirect("/?auth=error", 303);
    // A new login always gets a new session; the browser's previous one, if any, ends.
    const previous = readSessionToken(c);
    if (previous) await deleteSessionByToken(db, previous);
    const session = await createSession(db, user.id, now);
    setSessionCookie(c, session.token, session.expiresAt);
    clearLoginBrowser(c);
    return c.redirect("/?auth=success", 303);
  })

  .post("/logout", async (c) => {
    const token = readSessionToken(c);
    if (token) await deleteSessionByToken(getDb(c.env.DB), token);
    clearSessionCookie(c);
    return c.json({ success: true as const });
  })

  .post("/login", validate("json", adminLogin), async (c) => {
    const config = getConfig(c.env);
    if (!config.ADMIN_PASSWORD_HASH || !config.AUTH_PEPPER) {
      return jsonError(c, 503, "Admin login is not configured.", "admin_login_not_configured");
    }
    const now = Date.now();
    const db = getDb(c.env.DB);
    const lockout = await adminLoginLockout(db, now);
    if (!lockout.allowed) {
      return tooManyRequests(c, lockout, retryMessage("failed logins", lockout.retryAfterSeconds));
    }
    const limit = await hitClientLimit(c, db, "admin-login", adminLoginLimit, loginRateWindowMs, now);
    if (!limit.allowed) {
      return tooManyRequests(c, limit, retryMessage("login attempts", limit.retryAfterSeconds));
    }
    const valid = await verifyAdminCredentials(c.req.valid("json"), {
      username: config.ADMIN_USERNAME,
      passwordHash: config.ADMIN_PASSWORD_HASH,
      pepper: config.AUTH_PEPPER,
    });
    if (!valid) {
      await recordAdminLoginFailure(db, now);
      return jsonError(c, 401, "Invalid username or password", "invalid_credentials");
    }
    await ensureAdminUser(db, now);
    const previous = readSessionToken(c);
    if (previous) await deleteSessionByToken(db, previous);
    const session = await createSession(db, adminUserId, now);
    setSessionCookie(c, session.token, session.expiresAt);
    return c.json({ success: true as const });
  })

  .get("/debug-tokens", async (c) => {
    // Live login links, for the developer's own machine: also refused when the request itself
    // comes to another host (a dev server bound to the LAN, a tunnel to it).
    if (!getConfig(c.env).DEBUG_LOGIN_LINKS || !isLoopbackUrl(c.req.url)) {
      return jsonError(c, 404, `No API route matches GET ${c.req.path}`);
    }
    c.header("Cache-Control", "no-store");
    return c.json({ tokens: await recentDebugTokens(getDb(c.env.DB), debugTokenCount) });
  });
