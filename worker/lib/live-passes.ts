// Passes for the insights (ADR 036): the live room hands one to a player's open connection when
// the player asks, the player's next listening write brings it, and that write takes it (one
// stretch per pass) and marks its stretch live. Insights count live stretches only: a script
// inventing stretches must hold a live connection for each handful, within the room's caps.
import { sql } from "drizzle-orm";
import { listeningSessions, livePasses } from "#schema/db.ts";
import { randomToken } from "./crypto";
import { type Db, deleteOldestBefore } from "./db";

/** How long a pass is good for: a player asks for one as it starts playing and writes within a minute. */
export const livePassTtlMs = 10 * 60 * 1000;

/** Passes one connection may be given per hour: a listener pausing and playing, never a flood. */
export const livePassesPerSocketPerHour = 30;

export async function issueLivePass(db: Db, now: number): Promise<string> {
  // 128 random bits, base64url: the shape schema/api/listening.ts checks.
  const pass = randomToken(16);
  await db.insert(livePasses).values({ pass, issuedAt: new Date(now) });
  return pass;
}

/**
 * An SQL expression that is 1 when `pass` was issued within its time and not taken yet. The
 * write that uses it takes the pass in the same batch (takeLivePass).
 */
export function livePassValid(pass: string, now: number) {
  return sql<boolean>`exists (select 1 from ${livePasses} where ${livePasses.pass} = ${pass} and ${livePasses.issuedAt} >= ${now - livePassTtlMs})`;
}

/** Deletes `pass` once the stretch `listeningId` is live: a write that changed nothing leaves it. */
export function takeLivePass(db: Db, pass: string, listeningId: string) {
  return db
    .delete(livePasses)
    .where(
      sql`${livePasses.pass} = ${pass} and exists (select 1 from ${listeningSessions} where ${listeningSessions.id} = ${listeningId} and ${listeningSessions.live} = 1)`,
    );
}

/** The cron's pruning: passes never taken, at most `limit` a run. */
export function pruneLivePasses(db: Db, now: number, limit = 5000): Promise<number> {
  return deleteOldestBefore(
    db,
    livePasses,
    { id: livePasses.pass, time: livePasses.issuedAt },
    now - livePassTtlMs,
    limit,
  );
}
