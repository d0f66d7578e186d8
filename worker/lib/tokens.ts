// E-mailed login tokens. The token travels only in the mail. KV is the login-token store the
// decision reads: under the token's SHA-256 it keeps the address, the asking browser's mark and
// the expiry, and drops the record itself after 15 minutes (its TTL). D1 keeps the hash too and
// guards single use: one conditional UPDATE consumes it, so two clicks racing cannot both win,
// and KV's eventual consistency cannot let a used link in twice (docs/decisions/013-login-link-binding.md).
import { and, desc, eq, gt, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { devOutbox, loginTokens, users } from "#schema/db.ts";
import { adminUserId, loginLinkLifetimeMinutes } from "#schema/rules.ts";
import { getConfig } from "./config";
import { randomToken, sha256Hex } from "./crypto";
import { type Db, getDb } from "./db";
import { MailError, sendMail } from "./email";
import { loginEmail } from "./email/login-email";
import { redactForLog } from "./redact";

export const loginTokenLifetimeMs = loginLinkLifetimeMinutes * 60 * 1000;
/** 32 random bytes in base64url: 43 characters, 256 bits. */
const tokenBytes = 32;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * KV is written in one place and may take a minute to be seen in another: a link opened that
 * soon elsewhere is checked against D1 instead (and, its browser unknown, is not auto-submitted).
 */
const kvPropagationMs = 2 * 60 * 1000;

const kvKey = (tokenHash: string) => `login-token:${tokenHash}`;

/** What KV keeps for a token. `browser` is the SHA-256 of the asking browser's mark, if any. */
type LoginTokenRecord = { email: string; browser: string | null; expiresAt: number };

function parseRecord(value: string | null): LoginTokenRecord | null {
  if (value === null) return null;
  try {
    const record = JSON.parse(value) as Partial<LoginTokenRecord>;
    if (typeof record.email !== "string" || typeof record.expiresAt !== "number") return null;
    return {
      email: record.email,
      browser: typeof record.browser === "string" ? record.browser : null,
      expiresAt: record.expiresAt,
    };
  } catch {
    return null;
  }
}

export type IssuedLoginToken = { token: string; tokenHash: string; expiresAt: number };

export function isWellFormedLoginToken(token: string): boolean {
  return tokenPattern.test(token);
}

/** `browser`: the SHA-256 of the asking browser's mark (loginBrowserHash), or null. */
export async function createLoginToken(
  db: Db,
  kv: KVNamespace,
  email: string,
  now: number,
  browser: string | null = null,
): Promise<IssuedLoginToken> {
  const token = randomToken(tokenBytes);
  const tokenHash = await sha256Hex(token);
  const expiresAt = now + loginTokenLifetimeMs;
  await db.insert(loginTokens).values({
    id: crypto.randomUUID(),
    email,
    tokenHash,
    expiresAt: new Date(expiresAt),
    createdAt: new Date(now),
  });
  const record: LoginTokenRecord = { email, browser, expiresAt };
  await kv.put(kvKey(tokenHash), JSON.stringify(record), { expirationTtl: loginTokenLifetimeMs / 1000 });
  return { token, tokenHash, expiresAt };
}

/** Removes a token whose mail never went out, so it cannot be used. */
export async function discardLoginToken(db: Db, kv: KVNamespace, tokenHash: string): Promise<void> {
  await db.delete(loginTokens).where(eq(loginTokens.tokenHash, tokenHash));
  await kv.delete(kvKey(tokenHash));
}

/**
 * Issues a token and mails its link, built from SITE_URL (never the request's Host). False
 * when the mail did not go out; the token is then deleted so it cannot be used.
 */
export async function sendLoginLink(
  env: Env,
  email: string,
  now: number,
  browser: string | null,
): Promise<boolean> {
  const db = getDb(env.DB);
  const issued = await createLoginToken(db, env.KV, email, now, browser);
  const link = new URL("/api/auth/verify", getConfig(env).SITE_URL);
  link.searchParams.set("token", issued.token);
  try {
    await sendMail(
      env,
      loginEmail({ to: email, link: link.href, tokenHash: issued.tokenHash, expiresAt: issued.expiresAt }),
    );
    return true;
  } catch (err) {
    if (!(err instanceof MailError)) throw err;
    // The provider's answer may quote the address.
    console.error("Login link not sent:", redactForLog(err.message));
    await discardLoginToken(db, env.KV, issued.tokenHash);
    return false;
  }
}

export type LoginTokenFailure = { ok: false; reason: "expired" | "invalid" };
export type ValidLoginToken = { ok: true; email: string; browser: string | null };

/**
 * Whether a token may still log in, and whom: read from KV. Without a KV record, D1 says why
 * not ("expired" only for an unused token), unless the token was issued under two minutes ago
 * and KV may not have it here yet (see kvPropagationMs): D1 then decides, the browser unknown.
 */
async function lookUp(
  db: Db,
  kv: KVNamespace,
  tokenHash: string,
  now: number,
): Promise<ValidLoginToken | LoginTokenFailure> {
  const record = parseRecord(await kv.get(kvKey(tokenHash)));
  if (record && record.expiresAt > now) return { ok: true, email: record.email, browser: record.browser };
  const row = await db
    .select({
      email: loginTokens.email,
      usedAt: loginTokens.usedAt,
      expiresAt: loginTokens.expiresAt,
      createdAt: loginTokens.createdAt,
    })
    .from(loginTokens)
    .where(eq(loginTokens.tokenHash, tokenHash))
    .get();
  if (!row || row.usedAt !== null) return { ok: false, reason: "invalid" };
  const unexpired = row.expiresAt.getTime() > now;
  if (!record && unexpired && row.createdAt.getTime() > now - kvPropagationMs) {
    return { ok: true, email: row.email, browser: null };
  }
  return { ok: false, reason: "expired" };
}

/** What the verify page shows for a token, without using it. */
export async function readLoginToken(
  db: Db,
  kv: KVNamespace,
  token: string,
  now: number,
): Promise<ValidLoginToken | LoginTokenFailure> {
  if (!isWellFormedLoginToken(token)) return { ok: false, reason: "invalid" };
  return lookUp(db, kv, await sha256Hex(token), now);
}

/**
 * Uses the token: KV says whether it may log in and whom, then D1 marks it used if it is
 * unused and unexpired, in one statement. Used, unknown and malformed tokens are "invalid".
 */
export async function consumeLoginToken(
  db: Db,
  kv: KVNamespace,
  token: string,
  now: number,
): Promise<{ ok: true; email: string } | LoginTokenFailure> {
  if (!isWellFormedLoginToken(token)) return { ok: false, reason: "invalid" };
  const tokenHash = await sha256Hex(token);
  const found = await lookUp(db, kv, tokenHash, now);
  if (!found.ok) return found;
  const consumed = await db
    .update(loginTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(loginTokens.tokenHash, tokenHash),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, new Date(now)),
      ),
    )
    .returning({ email: loginTokens.email })
    .get();
  // Used by a racing click, or expired in D1's eyes: D1 has the last word.
  if (!consumed) return { ok: false, reason: "invalid" };
  await kv.delete(kvKey(tokenHash));
  return { ok: true, email: consumed.email };
}

/**
 * The admin's users row carries this address: the .invalid domain (RFC 2606) receives no
 * mail, and signInByEmail refuses it, so no login link can ever reach the admin account.
 */
export const adminEmail = "admin@admin.invalid";

/** The user a consumed token signs in: created on first login, lastLoginAt updated on every one. */
export async function signInByEmail(
  db: Db,
  email: string,
  now: number,
): Promise<{ id: string; email: string } | null> {
  if (email === adminEmail) return null;
  const row = await db
    .insert(users)
    .values({ id: crypto.randomUUID(), email, createdAt: new Date(now), lastLoginAt: new Date(now) })
    .onConflictDoUpdate({
      target: users.email,
      set: { lastLoginAt: new Date(now) },
      setWhere: ne(users.id, adminUserId),
    })
    .returning({ id: users.id, email: users.email })
    .get();
  return row ?? null;
}

/** For the cron: tokens a day past expiry are of no use, not even for the debug page. */
export async function deleteStaleLoginTokens(db: Db, now: number): Promise<void> {
  await db.delete(loginTokens).where(lte(loginTokens.expiresAt, new Date(now - 24 * 60 * 60 * 1000)));
}

export type DebugLoginToken = { email: string; link: string; expiresAt: string; used: boolean };

/** The newest login links from the dev outbox; a link whose token row is gone counts as used. */
export async function recentDebugTokens(db: Db, limit: number): Promise<DebugLoginToken[]> {
  const rows = await db
    .select({
      email: devOutbox.toEmail,
      link: devOutbox.link,
      expiresAt: devOutbox.expiresAt,
      tokenId: loginTokens.id,
      usedAt: loginTokens.usedAt,
    })
    .from(devOutbox)
    .leftJoin(loginTokens, eq(loginTokens.tokenHash, devOutbox.tokenHash))
    .where(and(isNotNull(devOutbox.link), isNotNull(devOutbox.expiresAt)))
    .orderBy(desc(devOutbox.createdAt), desc(sql`${devOutbox}.rowid`))
    .limit(limit)
    .all();
  return rows.map((row) => ({
    email: row.email,
    link: row.link ?? "",
    expiresAt: (row.expiresAt ?? new Date(0)).toISOString(),
    used: row.tokenId === null || row.usedAt !== null,
  }));
}
