// Login sessions as stored: a row in `sessions` per signed-in browser holding the SHA-256 of a
// random token, a 30-day sliding expiry, revocable server-side. The cookie that carries the
// token, and the middleware that reads it, are in worker/http/session.ts.
import { and, eq, gt, lte } from "drizzle-orm";
import type { CurrentUser } from "#schema/api.ts";
import { sessions, users } from "#schema/db.ts";
import { randomToken, sha256Hex } from "./crypto";
import type { Db } from "./db";

const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry is pushed forward at most once a day, on use. */
const slideAfterMs = 24 * 60 * 60 * 1000;

export async function createSession(
  db: Db,
  userId: string,
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken(32);
  const expiresAt = now + sessionLifetimeMs;
  await db.insert(sessions).values({
    id: crypto.randomUUID(),
    tokenHash: await sha256Hex(token),
    userId,
    createdAt: new Date(now),
    expiresAt: new Date(expiresAt),
  });
  return { token, expiresAt };
}

type ActiveSession = { id: string; user: NonNullable<CurrentUser>; expiresAt: number };

/** The live session for a cookie token, or null; an expired session is deleted. */
export async function readSession(db: Db, token: string, now: number): Promise<ActiveSession | null> {
  const tokenHash = await sha256Hex(token);
  const row = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt, userId: users.id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
  if (!row) return null;
  if (row.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return null;
  }
  return { id: row.id, user: { id: row.userId, email: row.email }, expiresAt: row.expiresAt.getTime() };
}

/** Pushes the expiry forward when the session was last extended over a day ago. */
export async function slideSession(db: Db, session: ActiveSession, now: number): Promise<number | null> {
  if (session.expiresAt - now > sessionLifetimeMs - slideAfterMs) return null;
  const expiresAt = now + sessionLifetimeMs;
  await db
    .update(sessions)
    .set({ expiresAt: new Date(expiresAt) })
    .where(and(eq(sessions.id, session.id), gt(sessions.expiresAt, new Date(now))));
  return expiresAt;
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(token)));
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, new Date(now)));
}
