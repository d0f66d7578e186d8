// The admin's covers: what the recently played tracks show, and setting a track's cover (an
// uploaded image) or none, once for every listener. The admin's choice is never looked up again
// or replaced by a lookup (lookup.ts), and the plays of the track already listed follow it.
import { inArray, sql } from "drizzle-orm";
import type { SetTrackCover, TrackCover } from "#schema/api.ts";
import { trackArtwork, trackHistory } from "#schema/db.ts";
import type { Config } from "../config";
import type { Db } from "../db";
import { newestRows } from "../history";
import { artworkUrl } from "./lookup";
import { artworkTrackKey } from "./normalise";

/** Plays read to find the recent tracks; a track played more often than others appears once. */
const playsRead = 400;

export async function recentTrackCovers(db: Db, config: Config, limit = 50): Promise<TrackCover[]> {
  const plays = await newestRows(db, playsRead);
  const tracks = new Map<string, (typeof plays)[number]>();
  for (const play of plays) {
    const key = artworkTrackKey(play);
    if (!tracks.has(key)) tracks.set(key, play);
    if (tracks.size === limit) break;
  }
  const keys = [...tracks.keys()];
  const rows =
    keys.length === 0 ? [] : await db.select().from(trackArtwork).where(inArray(trackArtwork.trackKey, keys));
  const known = new Map(rows.map((row) => [row.trackKey, row]));
  return [...tracks].map(([key, play]) => {
    const row = known.get(key);
    const chosen = row && (row.source === "admin" || row.imageKey);
    return {
      title: play.title,
      artist: play.artist,
      album: play.album,
      artwork: chosen ? (row.imageKey ? artworkUrl(config, row.imageKey) : null) : play.artwork,
      source: chosen ? row.source : play.artwork ? "host" : null,
      lastPlayed: play.playedAt.toISOString(),
    };
  });
}

/**
 * Sets the track's cover (an uploaded image that exists) or none, and gives the plays of it
 * already recorded the same. Returns the cover's URL (null for none), or "missing" when the
 * uploaded image is not in the bucket.
 */
export async function setTrackCover(
  db: Db,
  images: R2Bucket,
  config: Config,
  input: SetTrackCover,
  now = Date.now(),
): Promise<string | null | "missing"> {
  const imageKey = input.image ? input.image.slice("/images/".length) : null;
  if (imageKey && !(await images.head(imageKey))) return "missing";
  const artwork = imageKey ? artworkUrl(config, imageKey) : null;
  const row = {
    trackKey: artworkTrackKey(input),
    imageKey,
    source: "admin" as const,
    checkedAt: new Date(now),
  };
  await db.batch([
    db.insert(trackArtwork).values(row).onConflictDoUpdate({ target: trackArtwork.trackKey, set: row }),
    db
      .update(trackHistory)
      .set({ artwork })
      .where(
        sql`lower(trim(${trackHistory.title})) = lower(${input.title}) and lower(trim(${trackHistory.artist})) = lower(${input.artist})`,
      ),
  ]);
  return artwork;
}
