// The ISRC and label of each recording the station plays (ADR 038), kept in track_recordings
// under the statistics' keys (lower(trim()) of title and artist, computed by SQLite itself so
// they equal track_history's): what the lookup found, a miss, or the admin's entry, which no
// lookup replaces.
import { and, eq, sql } from "drizzle-orm";
import { trackRecordings } from "#schema/db.ts";
import { limits } from "#schema/limits.ts";
import type { Config } from "../config";
import type { Db } from "../db";

type Track = { artist: string; title: string };
export type RecordingCodes = { isrc: string | null; label: string | null };

const keys = (track: Track) => ({
  titleKey: sql<string>`lower(trim(${track.title}))`,
  artistKey: sql<string>`lower(trim(${track.artist}))`,
});

function rowOf(db: Db, track: Track) {
  const key = keys(track);
  return db
    .select()
    .from(trackRecordings)
    .where(and(eq(trackRecordings.titleKey, key.titleKey), eq(trackRecordings.artistKey, key.artistKey)))
    .get();
}

/** Whether the track's ISRC and label should be looked up: never asked, or a miss older than ARTWORK_MISS_DAYS. */
export async function recordingUnknown(db: Db, config: Config, track: Track, now: number): Promise<boolean> {
  const row = await rowOf(db, track);
  if (!row) return true;
  if (row.source === "admin" || row.isrc !== null) return false;
  return now - row.checkedAt.getTime() >= config.ARTWORK_MISS_DAYS * 86_400_000;
}

/** Records what the lookup found (or a miss), never over the admin's entry. */
export async function rememberRecording(
  db: Db,
  track: Track,
  found: RecordingCodes & { recordingId: string | null },
  now: number,
): Promise<void> {
  const values = {
    isrc: found.isrc,
    label: found.label?.slice(0, limits.trackField) ?? null,
    recordingId: found.recordingId,
    checkedAt: new Date(now),
  };
  await db
    .insert(trackRecordings)
    .values({ ...keys(track), ...values, source: "provider" })
    .onConflictDoUpdate({
      target: [trackRecordings.titleKey, trackRecordings.artistKey],
      set: values,
      setWhere: sql`${trackRecordings.source} = 'provider'`,
    });
}

/** The admin's ISRC and label for a recording: kept as given (null for none known), never looked up again. */
export async function setRecordingCodes(
  db: Db,
  track: Track & RecordingCodes,
  now = Date.now(),
): Promise<void> {
  const values = {
    isrc: track.isrc,
    label: track.label,
    recordingId: null,
    source: "admin" as const,
    checkedAt: new Date(now),
  };
  await db
    .insert(trackRecordings)
    .values({ ...keys(track), ...values })
    .onConflictDoUpdate({ target: [trackRecordings.titleKey, trackRecordings.artistKey], set: values });
}

export async function recordingCodes(
  db: Db,
  track: Track,
): Promise<(RecordingCodes & { source: string }) | null> {
  const row = await rowOf(db, track);
  return row ? { isrc: row.isrc, label: row.label, source: row.source } : null;
}
