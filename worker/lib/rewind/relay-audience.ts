// Relay mode's listener count (ADR 042): relayed players are not the host's listeners, so the
// count is the site's own: the stretches of listening playing now that a live connection marked
// live (ADR 036; a script inventing stretches cannot inflate it), by stream.
import { and, eq, gte, sql } from "drizzle-orm";
import { listeningSessions } from "#schema/db.ts";
import { listening } from "#schema/listener-rules.ts";
import type { Db } from "../db";

/** Playing: not ended, and written within one write interval and its grace (worker/lib/listening.ts). */
export const playingWithinMs = listening.writeEveryMs + 2 * listening.graceMs;

/** The site's listeners now, in all and by quality (hd, sd, mobile). */
export async function siteListenersNow(
  db: Db,
  now: number,
): Promise<{ listeners: number; byQuality: Record<string, number> }> {
  const rows = await db
    .select({ quality: listeningSessions.quality, count: sql<number>`count(*)` })
    .from(listeningSessions)
    .where(
      and(
        gte(listeningSessions.endedAt, new Date(now - playingWithinMs)),
        eq(listeningSessions.closed, false),
        eq(listeningSessions.live, true),
      ),
    )
    .groupBy(listeningSessions.quality);
  const byQuality = Object.fromEntries(rows.map((row) => [row.quality, Number(row.count)]));
  return { listeners: rows.reduce((sum, row) => sum + Number(row.count), 0), byQuality };
}
