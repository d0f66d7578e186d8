// Writing what the live room tallied (sampler.ts): one D1 batch a minute holds the finished
// minute per mount, the same figures merged into its hour and day, and the song impact of the
// plays that ended meanwhile. Also the cron's pruning of old minutes and hours.
import { eq, sql } from "drizzle-orm";
import { listenerSamples, trackHistory } from "#schema/db.ts";
import { batchAll, type Db, inSlices } from "../db";
import { dayMs, hourMs, type MinuteTally, type PlayImpact } from "./sampler";

type SampleRow = typeof listenerSamples.$inferInsert;

/** D1 binds at most 100 values a statement; a sample row takes 7. */
const rowsPerStatement = 14;

function rowsOf(minute: MinuteTally): SampleRow[] {
  return Object.entries(minute.mounts).flatMap(([mount, tally]) =>
    (
      [
        ["minute", minute.start],
        ["hour", minute.start - (minute.start % hourMs)],
        ["day", minute.start - (minute.start % dayMs)],
      ] as const
    ).map(([resolution, start]) => ({ resolution, mount, start: new Date(start), ...tally })),
  );
}

/**
 * Writes the finished minutes and plays in one batch. A minute written twice (a retry after an
 * answer that never came) merges with itself rather than failing; its sums then count twice,
 * which the retry's rarity makes the lesser harm than losing it.
 */
export async function writeInsights(db: Db, minutes: MinuteTally[], plays: PlayImpact[]): Promise<void> {
  const upserts = inSlices(minutes.flatMap(rowsOf), rowsPerStatement).map((rows) =>
    db
      .insert(listenerSamples)
      .values(rows)
      .onConflictDoUpdate({
        target: [listenerSamples.resolution, listenerSamples.start, listenerSamples.mount],
        set: {
          min: sql`min(${listenerSamples.min}, excluded.min)`,
          max: sql`max(${listenerSamples.max}, excluded.max)`,
          sum: sql`${listenerSamples.sum} + excluded.sum`,
          samples: sql`${listenerSamples.samples} + excluded.samples`,
        },
      }),
  );
  const impacts = plays.map((play) =>
    db
      .update(trackHistory)
      .set({
        listenersStart: play.listenersStart,
        listenersEnd: play.listenersEnd,
        listenersAvg: play.listenersAvg,
        // Favorites of this track added while it played, through favorites_created_at_idx.
        favoritesAdded: sql`(select count(*) from favorites
            where created_at >= ${play.from} and created_at < ${play.to}
              and lower(track_title) = lower(${play.title.trim()})
              and lower(track_artist) = lower(${play.artist.trim()}))`,
      })
      .where(eq(trackHistory.id, play.playId)),
  );
  await batchAll(db, [...upserts, ...impacts]);
}

/** Rows one cron run prunes at most per resolution: a shortened retention goes over several runs. */
const pruneLimit = 5000;

/** The cron's pruning: minutes older than `minuteBefore` and hours older than `hourBefore`. */
export async function pruneListenerSamples(
  db: Db,
  { minuteBefore, hourBefore }: { minuteBefore: number; hourBefore: number },
): Promise<number> {
  const older = (resolution: "minute" | "hour", before: number) =>
    db.run(sql`delete from listener_samples where rowid in (
      select rowid from listener_samples where resolution = ${resolution} and start < ${before}
      order by start limit ${pruneLimit})`);
  const minutes = await older("minute", minuteBefore);
  const hours = await older("hour", hourBefore);
  return minutes.meta.changes + hours.meta.changes;
}
