// Listening stretches (docs/product.md §10 listening_sessions) as insights count them: each ended stretch
// is rolled up into its start's hour and day, by length, quality, device class, country and
// account, in the same transaction that notes what was counted (a stretch that grows later adds
// only what it grew by). The insights call reads only the rollups.
import { and, inArray, lt, or, sql } from "drizzle-orm";
import { type InsightDimension, sessionLengthBuckets } from "#schema/api/insights.ts";
import { listeningSessions, sessionRollups } from "#schema/db.ts";
import { batchAll, type Db, inSlices } from "../db";
import { dayMs, hourMs } from "./sampler";

/**
 * A stretch not written for this long has ended, whether or not its browser said so (a closed
 * tab never does). Should its player write again (a phone that slept), the stretch grows and
 * the next rollup adds the difference.
 */
export const sessionIdleMs = 10 * 60_000;

export type DeviceClass = "mobile" | "tablet" | "desktop" | "other";

/** A coarse class from the user agent: enough to tell phones from computers, nothing more. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  if (!userAgent || /bot|crawl|spider|headless|curl|wget|python|okhttp/i.test(userAgent)) return "other";
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  if (/Windows NT|Macintosh|X11|Linux|CrOS/i.test(userAgent)) return "desktop";
  return "other";
}

/** Cloudflare's two-letter country of the request (T1 is Tor); XX and anything else is unknown. */
export function countryOf(cf: unknown): string | null {
  const country = typeof cf === "object" && cf !== null ? (cf as { country?: unknown }).country : undefined;
  return typeof country === "string" && /^[A-Z][A-Z0-9]$/.test(country) && country !== "XX" ? country : null;
}

/** The length bucket of a stretch of `seconds`. */
export function lengthBucket(seconds: number): string {
  const bucket = sessionLengthBuckets.find((b) => b.upToSeconds === null || seconds < b.upToSeconds);
  return (bucket ?? sessionLengthBuckets[6]).key;
}

type Row = {
  id: string;
  userId: string | null;
  startedAt: Date;
  durationSeconds: number;
  countedSeconds: number | null;
  quality: string;
  country: string | null;
  device: string;
  via: string;
};

type RollupRow = typeof sessionRollups.$inferInsert;

/**
 * What each stretch adds to its hour and day, per dimension: a first count adds the stretch; a
 * stretch that grew since it was counted adds the seconds it grew by, and moves from its old
 * length bucket to the new one when it crossed into another.
 */
function rollupsOf(rows: Row[]): RollupRow[] {
  const groups = new Map<string, RollupRow>();
  const add = (
    resolution: "hour" | "day",
    start: number,
    dimension: InsightDimension,
    value: string,
    sessions: number,
    seconds: number,
  ) => {
    if (sessions === 0 && seconds === 0) return;
    const key = `${resolution}|${start}|${dimension}|${value}`;
    const group = groups.get(key);
    if (group) {
      group.sessions += sessions;
      group.seconds += seconds;
    } else {
      groups.set(key, { resolution, start: new Date(start), dimension, value, sessions, seconds });
    }
  };
  for (const row of rows) {
    const started = row.startedAt.getTime();
    const counted = row.countedSeconds;
    const now = row.durationSeconds;
    const first = counted === null;
    const grown = first ? now : Math.max(0, now - counted);
    const others: [InsightDimension, string][] = [
      ["quality", row.quality],
      ["device", row.device],
      ["country", row.country ?? "unknown"],
      ["account", row.userId ? "member" : "anonymous"],
      ["via", row.via],
    ];
    for (const [resolution, start] of [
      ["hour", started - (started % hourMs)],
      ["day", started - (started % dayMs)],
    ] as const) {
      for (const [dimension, value] of others) add(resolution, start, dimension, value, first ? 1 : 0, grown);
      const bucket = lengthBucket(Math.max(now, counted ?? 0));
      const before = first ? null : lengthBucket(counted);
      if (before === null || before === bucket) {
        add(resolution, start, "length", bucket, first ? 1 : 0, grown);
      } else {
        add(resolution, start, "length", before, -1, -(counted ?? 0));
        add(resolution, start, "length", bucket, 1, Math.max(now, counted ?? 0));
      }
    }
  }
  return [...groups.values()];
}

/** D1 binds at most 100 values a statement. */
const rollupRowsPerStatement = 16;
const marksPerStatement = 30;

/**
 * Rolls up at most `limit` stretches that have ended or gone quiet (the oldest first), counting
 * each once and a grown one by what it grew, and notes what was counted, all in one transaction.
 * A stretch written to between the read and the batch stays to roll up again: only the seconds
 * counted are noted. Answers how many it rolled up.
 */
export async function rollUpSessions(db: Db, now: number, limit = 400): Promise<number> {
  const rows = await db
    .select({
      id: listeningSessions.id,
      userId: listeningSessions.userId,
      startedAt: listeningSessions.startedAt,
      durationSeconds: listeningSessions.durationSeconds,
      countedSeconds: listeningSessions.countedSeconds,
      quality: listeningSessions.quality,
      country: listeningSessions.country,
      device: listeningSessions.device,
      live: listeningSessions.live,
      via: listeningSessions.via,
    })
    .from(listeningSessions)
    // The literal `rolled_up = 0` lets SQLite use the partial index of the rows still to count.
    .where(
      and(
        sql`${listeningSessions.rolledUp} = 0`,
        or(
          sql`${listeningSessions.closed} = 1`,
          lt(listeningSessions.endedAt, new Date(now - sessionIdleMs)),
        ),
      ),
    )
    .orderBy(listeningSessions.endedAt)
    .limit(limit);
  if (rows.length === 0) return 0;
  // Only stretches a live connection vouched for are the operator's figures (ADR 036); the
  // others are noted as rolled up all the same, so they leave the index of those to count.
  const rollups = rollupsOf(rows.filter((row) => row.live));
  const upserts = inSlices(rollups, rollupRowsPerStatement).map((slice) =>
    db
      .insert(sessionRollups)
      .values(slice)
      .onConflictDoUpdate({
        target: [
          sessionRollups.resolution,
          sessionRollups.start,
          sessionRollups.dimension,
          sessionRollups.value,
        ],
        set: {
          sessions: sql`${sessionRollups.sessions} + excluded.sessions`,
          seconds: sql`${sessionRollups.seconds} + excluded.seconds`,
        },
      }),
  );
  const marks = inSlices(rows, marksPerStatement).flatMap((chunk) => {
    const ids = chunk.map((r) => r.id);
    const counted = sql.join(
      chunk.map((r) => sql`when ${r.id} then ${Math.max(r.durationSeconds, r.countedSeconds ?? 0)}`),
      sql` `,
    );
    return [
      db
        .update(listeningSessions)
        .set({ countedSeconds: sql`case ${listeningSessions.id} ${counted} end` })
        .where(inArray(listeningSessions.id, ids)),
      // Done unless it grew after the read above: then the next rollup adds the rest.
      db
        .update(listeningSessions)
        .set({ rolledUp: true })
        .where(
          and(
            inArray(listeningSessions.id, ids),
            sql`${listeningSessions.durationSeconds} <= ${listeningSessions.countedSeconds}`,
          ),
        ),
    ];
  });
  await batchAll(db, [...upserts, ...marks]);
  return rows.length;
}

/** The cron's pruning of session rollups: hours older than `hourBefore` (days stay). */
export async function pruneSessionRollups(db: Db, hourBefore: number): Promise<number> {
  const result = await db.run(sql`delete from session_rollups where rowid in (
    select rowid from session_rollups where resolution = 'hour' and start < ${hourBefore}
    order by start limit 5000)`);
  return result.meta.changes;
}
