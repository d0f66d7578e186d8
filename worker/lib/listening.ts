// Listening sessions (docs/product.md §10): a browser writes its stretch of listening at most once a minute
// while it plays and once when it stops; /analytics reads the owner's summary. Durations are the
// server's own clock: a browser can only claim time by taking part in it.
import { and, desc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { ListeningSummary, ListeningWrite } from "#schema/api.ts";
import { listeningOwnerTotals, listeningSessions, trackHistory } from "#schema/db.ts";
import { listening } from "#schema/listener-rules.ts";
import { type Db, deleteOldestBefore, keptRowCount } from "./db";
import type { Owner } from "./favorites";
import { livePassValid, takeLivePass } from "./live-passes";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Starts or extends the stretch `write.listeningId` of `owner`. A stretch's start is the
 * browser's, but never more than one write interval before the first write reaches us; later
 * writes only move its end, and only when a minute has passed since the last one or the
 * stretch ends. A stretch of another owner, or one already ended, is left alone. Answers
 * whether the row was written.
 */
export async function recordListening(
  db: Db,
  owner: Owner,
  write: Omit<ListeningWrite, "via"> & Partial<Pick<ListeningWrite, "via">>,
  now: number,
  /** Where and on what the stretch began (insights): set by its first write only. */
  origin: { country: string | null; device: string } = { country: null, device: "other" },
): Promise<boolean> {
  const startedAt = Math.min(
    now,
    Math.max(write.startedAt, now - listening.writeEveryMs - listening.graceMs),
  );
  // A pass from the live room marks the stretch live (ADR 036); the write takes it in the same
  // batch, so it marks one stretch at most.
  const live = write.livePass ? livePassValid(write.livePass, now) : sql<boolean>`0`;
  const upsert = db
    .insert(listeningSessions)
    .values({
      id: write.listeningId,
      sessionId: owner.sessionId,
      userId: owner.userId,
      startedAt: new Date(startedAt),
      endedAt: new Date(now),
      durationSeconds: Math.round((now - startedAt) / 1000),
      quality: write.quality,
      closed: write.ended,
      country: origin.country,
      device: origin.device,
      via: write.via ?? "site",
      live,
    })
    .onConflictDoUpdate({
      target: listeningSessions.id,
      set: {
        endedAt: new Date(now),
        durationSeconds: sql`cast((${now} - ${listeningSessions.startedAt}) / 1000 as integer)`,
        quality: write.quality,
        closed: write.ended,
        // Counted by the insights already: the next rollup adds what it grew by.
        rolledUp: false,
        live: sql`max(${listeningSessions.live}, excluded.live)`,
      },
      setWhere: and(
        eq(listeningSessions.sessionId, owner.sessionId),
        eq(listeningSessions.closed, false),
        write.ended
          ? undefined
          : lt(listeningSessions.endedAt, new Date(now - listening.writeEveryMs + listening.graceMs)),
      ),
    })
    .returning({ id: listeningSessions.id });
  if (!write.livePass) return (await upsert).length > 0;
  const [written] = await db.batch([upsert, takeLivePass(db, write.livePass, write.listeningId)]);
  return written.length > 0;
}

/**
 * Whether `owner` may begin another stretch now: fewer than listening.openPerOwner playing (not
 * ended, written within the last interval) and fewer than listening.perOwnerPerDay begun in the
 * last day. Reads the owner's stretches of the last day only (their index), at most the daily cap.
 * A soft cap: first writes racing each other may pass it together, a few over, never a pile.
 */
export async function mayBeginListening(db: Db, owner: Owner, now: number): Promise<boolean> {
  const playingSince = now - listening.writeEveryMs - 2 * listening.graceMs;
  const row = await db
    .select({
      begun: sql<number>`count(*)`,
      playing: sql<number>`coalesce(sum(case when ${listeningSessions.closed} = 0 and ${listeningSessions.endedAt} >= ${playingSince} then 1 else 0 end), 0)`,
    })
    .from(listeningSessions)
    .where(
      and(
        eq(listeningSessions.sessionId, owner.sessionId),
        gte(listeningSessions.startedAt, new Date(now - dayMs)),
      ),
    )
    .get();
  return (
    Number(row?.begun ?? 0) < listening.perOwnerPerDay && Number(row?.playing ?? 0) < listening.openPerOwner
  );
}

/** Whether the stretch `id` was begun already (its later writes spend no site budget). */
export async function listeningBegun(db: Db, id: string): Promise<boolean> {
  const row = await db
    .select({ id: listeningSessions.id })
    .from(listeningSessions)
    .where(eq(listeningSessions.id, id))
    .get();
  return row !== undefined;
}

function ownedBy(owner: Owner) {
  return owner.userId
    ? eq(listeningSessions.userId, owner.userId)
    : and(eq(listeningSessions.sessionId, owner.sessionId), isNull(listeningSessions.userId));
}

/** The key of `owner`'s row in listening_owner_totals, as the triggers of migration 0009 make it. */
export function ownerTotalsKey(owner: Owner): string {
  return owner.userId ? `u:${owner.userId}` : `s:${owner.sessionId}`;
}

/**
 * What `owner` listened to: seconds in the last 7 days and ever, and the artists of the tracks
 * that started while they listened in the last `listening.artistDays` days. Reads a fixed number
 * of rows whatever the owner stored (ADR 034): "ever" is one row the triggers keep; the week's
 * stretches are at most 7 days of listening.perOwnerPerDay; the artists come from at most
 * listening.artistSessions stretches and listening.artistPlays plays, the latest.
 */
export async function readListeningSummary(db: Db, owner: Owner, now: number): Promise<ListeningSummary> {
  const weekAgo = new Date(now - 7 * dayMs);
  const latestSessions = db
    .select({ startedAt: listeningSessions.startedAt, endedAt: listeningSessions.endedAt })
    .from(listeningSessions)
    .where(
      and(ownedBy(owner), gte(listeningSessions.startedAt, new Date(now - listening.artistDays * dayMs))),
    )
    .orderBy(desc(listeningSessions.startedAt))
    .limit(listening.artistSessions)
    .as("latest_sessions");
  const heard = db
    .select({ artist: trackHistory.artist })
    .from(latestSessions)
    .innerJoin(
      trackHistory,
      and(
        gte(trackHistory.playedAt, latestSessions.startedAt),
        sql`${trackHistory.playedAt} <= ${latestSessions.endedAt}`,
      ),
    )
    .limit(listening.artistPlays)
    .as("heard");
  const [totals, week, artists] = await db.batch([
    db
      .select({ seconds: listeningOwnerTotals.seconds, sessions: listeningOwnerTotals.sessions })
      .from(listeningOwnerTotals)
      .where(eq(listeningOwnerTotals.ownerKey, ownerTotalsKey(owner))),
    db
      .select({ seconds: sql<number>`coalesce(sum(${listeningSessions.durationSeconds}), 0)` })
      .from(listeningSessions)
      .where(and(ownedBy(owner), gte(listeningSessions.startedAt, weekAgo))),
    db
      .select({ artist: sql<string>`max(trim(${heard.artist}))`, plays: sql<number>`count(*)` })
      .from(heard)
      .groupBy(sql`lower(trim(${heard.artist}))`)
      .orderBy(desc(sql`count(*)`), sql`lower(trim(${heard.artist}))`)
      .limit(listening.topArtists),
  ]);
  return {
    weekSeconds: Number(week[0]?.seconds ?? 0),
    totalSeconds: Number(totals[0]?.seconds ?? 0),
    sessions: Number(totals[0]?.sessions ?? 0),
    topArtists: artists.map((a) => ({ artist: a.artist, plays: Number(a.plays) })),
  };
}

/** The cron's pruning: sessions that started before `before` go, at most `limit` per run. */
export function deleteListeningBefore(db: Db, before: number, limit = 1000): Promise<number> {
  const columns = { id: listeningSessions.id, time: listeningSessions.startedAt };
  return deleteOldestBefore(db, listeningSessions, columns, before, limit);
}

/**
 * The cron's cap on stretches in total (ADR 034): past `cap` rows the oldest go, at most `limit`
 * per run and never one begun since `spareSince`; the owners' totals keep their seconds. Reads
 * the count the triggers keep, one row.
 */
export async function pruneListeningOverCap(
  db: Db,
  cap: number,
  spareSince: number,
  limit = 1000,
): Promise<number> {
  const excess = (await keptRowCount(db, "listening_sessions")) - cap;
  return excess > 0 ? deleteListeningBefore(db, spareSince, Math.min(limit, excess)) : 0;
}
