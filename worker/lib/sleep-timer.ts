// Sleep timers by anonymous session id, kept in D1 until their end time has passed.
import type { SleepTimerStatus } from "../../schema/api";

export async function startSleepTimer(
  d1: D1Database,
  sessionId: string,
  minutes: number,
  now: number,
): Promise<SleepTimerStatus> {
  const endTime = now + minutes * 60_000;
  await d1
    .prepare(
      `insert into sleep_timers (session_id, end_time, created_at) values (?1, ?2, ?3)
       on conflict(session_id) do update set end_time = excluded.end_time, created_at = excluded.created_at`,
    )
    .bind(sessionId, endTime, now)
    .run();
  return { active: true, endTime };
}

/** Inactive once the end time has passed. */
export async function readSleepTimer(
  d1: D1Database,
  sessionId: string,
  now: number,
): Promise<SleepTimerStatus> {
  const row = await d1
    .prepare("select end_time from sleep_timers where session_id = ?1")
    .bind(sessionId)
    .first<{ end_time: number }>();
  return row && row.end_time > now
    ? { active: true, endTime: row.end_time }
    : { active: false, endTime: null };
}

export async function cancelSleepTimer(d1: D1Database, sessionId: string): Promise<void> {
  await d1.prepare("delete from sleep_timers where session_id = ?1").bind(sessionId).run();
}

export async function deleteExpiredSleepTimers(d1: D1Database, now: number): Promise<number> {
  const result = await d1.prepare("delete from sleep_timers where end_time <= ?1").bind(now).run();
  return result.meta.changes;
}
