// E-mailed login tokens. The token travels only in the mail; D1 keeps its SHA-256 and is the
// authority for expiry and single use (one conditional UPDATE consumes it, so two clicks
// racing cannot both win). KV keeps the hash for the link's lifetime as a self-expiring record;
// it is never trusted for a decision because KV is eventually consistent.
import { and, desc, eq, gt, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { devOutbox, loginTokens, users } from "#schema/db.ts";
import { adminUserId, loginLinkLifetimeMinutes } from "#schema/rules.ts";
import { getConfig } from "./config";
import { randomToken, sha256Hex } from "./crypto";
import { type Db, getDb } from "./db";
import { MailError, sendMail } from "./email";
import { loginEmail } from "./email/login-email";

export const loginTokenLifetimeMs = loginLinkLifetimeMinutes * 60 * 1000;
/** 32 random bytes in base64url: 43 characters, 256 bits. */
const tokenBytes = 32;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const kvKey = (tokenHash: string) => `login-token:${tokenHash}`;

export type IssuedLoginToken = { token: string; tokenHash: string; expiresAt: number };

export function isWellFormedLoginToken(token: string): boolean {
  return tokenPattern.test(token);
}

export async function createLoginToken(
  db: Db,
  kv: KVNamespace,
  email: string,
  now: number,
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
  await kv.put(kvKey(tokenHash), email, { expirationTtl: loginTokenLifetimeMs / 1000 });
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
export async function sendLoginLink(env: Env, email: string, now: number): Promise<boolean> {
  const db = getDb(env.DB);
  const issued = await createLoginToken(db, env.KV, email, now);
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
    console.error("Login link not sent:", err.message);
    await discardLoginToken(db, env.KV, issued.tokenHash);
    return false;
  }
}

export type ConsumedLoginToken = { ok: true; email: string } | { ok: false; reason: "expired" | "invalid" };

/**
 * Marks the token used if it is unused and unexpired, in one statement. "expired" only for
 * an unused token past its expiry; used, unknown and malformed tokens are all "invalid".
 */
export async function consumeLoginToken(
  db: Db,
  kv: KVNamespace,
  token: string,
  now: number,
): Promise<ConsumedLoginToken> {
  if (!isWellFormedLoginToken(token)) return { ok: false, reason: "invalid" };
  const tokenHash = await sha256Hex(token);
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
  if (consumed) {
    await kv.delete(kvKey(tokenHash));
    return { ok: true, email: consumed.email };
  }
  const row = await db
    .select({ usedAt: loginTokens.usedAt })
    .from(loginTokens)
    .where(eq(loginTokens.tokenHash, tokenHash))
    .get();
  return { ok: false, reason: row && row.usedAt === null ? "expired" : "invalid" };
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
