// Sleep timers by anonymous session id, kept in D1 until their end time has passed.
import { eq, lte } from "drizzle-orm";
import type { SleepTimerStatus } from "#schema/api.ts";
import { sleepTimers } from "#schema/db.ts";
import type { Db } from "./db";

export async function startSleepTimer(
  db: Db,
  sessionId: string,
  minutes: number,
  now: number,
): Promise<SleepTimerStatus> {
  const endTime = now + minutes * 60_000;
  const timer = { endTime: new Date(endTime), createdAt: new Date(now) };
  await db
    .insert(sleepTimers)
    .values({ sessionId, ...timer })
    .onConflictDoUpdate({ target: sleepTimers.sessionId, set: timer });
  return { active: true, endTime };
}

/** Inactive once the end time has passed. */
export async function readSleepTimer(db: Db, sessionId: string, now: number): Promise<SleepTimerStatus> {
  const row = await db
    .select({ endTime: sleepTimers.endTime })
    .from(sleepTimers)
    .where(eq(sleepTimers.sessionId, sessionId))
    .get();
  const endTime = row?.endTime.getTime();
  return endTime !== undefined && endTime > now
    ? { active: true, endTime }
    : { active: false, endTime: null };
}

export async function cancelSleepTimer(db: Db, sessionId: string): Promise<void> {
  await db.delete(sleepTimers).where(eq(sleepTimers.sessionId, sessionId));
}

export async function deleteExpiredSleepTimers(db: Db, now: number): Promise<number> {
  const result = await db.delete(sleepTimers).where(lte(sleepTimers.endTime, new Date(now)));
  return result.meta.changes;
}
