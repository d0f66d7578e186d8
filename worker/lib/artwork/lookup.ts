// A cover for a track the radio host sends none for, found once for every listener: the
// track_artwork row says what is known (a stored cover, a recent miss, the admin's choice);
// otherwise the provider is asked, the image is fetched, checked and kept in R2, where the
// /images/ route serves it like an upload (ADR 019). The same provider gives every played
// recording's ISRC and label (ADR 038, recordings.ts).
import { eq, sql } from "drizzle-orm";
import { trackArtwork } from "#schema/db.ts";
import type { Config } from "../config";
import { sha256Hex } from "../crypto";
import type { Db } from "../db";
import { type ImageType, smallImageKey, sniffImageType } from "../images";
import { readCapped } from "../read-capped";
import {
  type FoundRecording,
  frontCoverUrl,
  ProviderUnavailable,
  releaseLabel,
  searchRecording,
  userAgent,
} from "./musicbrainz";
import { artworkTrackKey } from "./normalise";
import { recordingUnknown, rememberRecording } from "./recordings";

/** Covers larger than this are refused (the Cover Art Archive's 500-pixel fronts are far smaller). */
const maxArtworkBytes = 2 * 1024 * 1024;
const imageTimeoutMs = 8000;
/** MusicBrainz allows one request a second; a little more keeps us clear of it. */
export const providerSpacingMs = 1100;
const coverTypes = new Set(["image/jpeg", "image/png", "image/webp"]);

type Track = { artist: string; title: string; album?: string | null };
type ArtworkBindings = { db: Db; images: R2Bucket };

let nextCallAt = 0;

/** Waits for the provider's next free slot: calls from this isolate are spaced providerSpacingMs apart. */
async function providerSlot(): Promise<void> {
  const at = Math.max(Date.now(), nextCallAt);
  nextCallAt = at + providerSpacingMs;
  const wait = at - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The R2 key of a cover: shaped like an upload's (`<uuid>.<ext>`), derived from the track and the bytes. */
async function coverKey(trackKey: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  const id = await sha256Hex(`${trackKey}\n${await sha256Hex(bytes)}`);
  const uuid = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`;
  return `${uuid}.${type.extension}`;
}

type FetchedCover = { bytes: Uint8Array; type: ImageType };

/** The image at url when it is a JPEG, PNG or WebP of at most maxArtworkBytes; null when there is none. */
async function fetchCover(config: Config, url: string): Promise<FetchedCover | null> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { "User-Agent": userAgent(config) },
      signal: AbortSignal.timeout(imageTimeoutMs),
    });
  } catch (err) {
    throw new ProviderUnavailable(`cover unreachable or slower than ${imageTimeoutMs} ms: ${String(err)}`);
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new ProviderUnavailable(`cover answered ${res.status}`);
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readCapped(res, maxArtworkBytes);
  } catch (err) {
    throw new ProviderUnavailable(`cover cut off or slower than ${imageTimeoutMs} ms: ${String(err)}`);
  }
  if (!bytes) return null;
  const type = sniffImageType(bytes);
  return type && coverTypes.has(type.contentType) ? { bytes, type } : null;
}

export function artworkUrl(config: Config, imageKey: string): string {
  return new URL(`/images/${imageKey}`, config.SITE_URL).toString();
}

/**
 * Keeps the provider's 250-pixel thumbnail beside the cover (ADR 062), fetched while the cover is.
 * Without one (none, too large, the provider down or cut off, R2 refusing), /images/small/ serves
 * the cover itself: the lookup goes on, whatever failed here.
 */
async function keepSmallCover(images: R2Bucket, small: Promise<FetchedCover | null>, imageKey: string) {
  try {
    const cover = await small;
    if (cover) {
      await images.put(smallImageKey(imageKey), cover.bytes, {
        httpMetadata: { contentType: cover.type.contentType },
      });
    }
  } catch (err) {
    console.warn("artwork: no small cover, the full one serves for it", String(err));
  }
}

/** What is known of the track's cover: its URL, null for none, undefined when it should be looked up. */
async function knownArtwork(
  db: Db,
  config: Config,
  track: Track,
  now: number,
): Promise<string | null | undefined> {
  const row = await db
    .select()
    .from(trackArtwork)
    .where(eq(trackArtwork.trackKey, artworkTrackKey(track)))
    .get();
  if (!row) return undefined;
  if (row.imageKey) return artworkUrl(config, row.imageKey);
  const fresh =
    row.source === "admin" || now - row.checkedAt.getTime() < config.ARTWORK_MISS_DAYS * 86_400_000;
  return fresh ? null : undefined;
}

/**
 * Records what the provider found (a key) or not (null); never over the admin's choice. Answers
 * whether it was recorded (false: the admin's choice stands).
 */
async function remember(db: Db, trackKey: string, imageKey: string | null, now: number): Promise<boolean> {
  const written = await db
    .insert(trackArtwork)
    .values({ trackKey, imageKey, source: "provider", checkedAt: new Date(now) })
    .onConflictDoUpdate({
      target: trackArtwork.trackKey,
      set: { imageKey, checkedAt: new Date(now) },
      setWhere: sql`${trackArtwork.source} = 'provider'`,
    })
    .returning({ trackKey: trackArtwork.trackKey });
  return written.length > 0;
}

/** Lookups under way in this isolate, by track key: a second asker shares the first one's answer. */
const underWay = new Map<string, Promise<string | null>>();

/**
 * The cover's URL for a track, or null. Looks the provider up only when nothing recent is
 * known; a provider that is down or refuses leaves nothing behind, so a later change asks again.
 */
export async function findArtwork(
  bindings: ArtworkBindings,
  config: Config,
  track: Track,
  now: () => number = Date.now,
): Promise<string | null> {
  const trackKey = artworkTrackKey(track);
  if (trackKey.startsWith("|") || trackKey.endsWith("|")) return null;
  const known = await knownArtwork(bindings.db, config, track, now());
  if (known !== undefined || config.ARTWORK_PROVIDER === "none") return known ?? null;
  const shared = underWay.get(trackKey);
  if (shared) return shared;
  const lookup = lookUp(bindings, config, track, trackKey, now).finally(() => underWay.delete(trackKey));
  underWay.set(trackKey, lookup);
  return lookup;
}

async function lookUp(
  { db, images }: ArtworkBindings,
  config: Config,
  track: Track,
  trackKey: string,
  now: () => number,
): Promise<string | null> {
  try {
    await providerSlot();
    for (const group of (await searchRecording(config, track)).groups) {
      const small = fetchCover(config, frontCoverUrl(config, group, 250));
      // Settled here too: a group without a cover leaves no rejection unhandled.
      small.catch(() => {});
      const cover = await fetchCover(config, frontCoverUrl(config, group));
      if (!cover) continue;
      const imageKey = await coverKey(trackKey, cover.bytes, cover.type);
      // The small copy first: a player told of the cover may ask for it at once (ADR 062).
      await keepSmallCover(images, small, imageKey);
      await images.put(imageKey, cover.bytes, { httpMetadata: { contentType: cover.type.contentType } });
      if (await remember(db, trackKey, imageKey, now())) return artworkUrl(config, imageKey);
      return (await knownArtwork(db, config, track, now())) ?? null;
    }
  } catch (err) {
    if (err instanceof ProviderUnavailable) {
      console.warn("artwork: provider unavailable, the track is looked up again later", String(err));
      return null;
    }
    throw err;
  }
  if (await remember(db, trackKey, null, now())) return null;
  return (await knownArtwork(db, config, track, now())) ?? null;
}

/**
 * Finds a played recording's ISRC (from the recording search) and label (one release lookup)
 * when none is known or a miss is old, and remembers them (recordings.ts). Its own search, made
 * after the cover's in the provider's queue, so a cover never waits for it. A provider that is
 * down or refuses leaves nothing behind.
 */
export async function findRecordingCodes(
  db: Db,
  config: Config,
  track: Track,
  now: () => number = Date.now,
): Promise<void> {
  if (config.ARTWORK_PROVIDER === "none" || track.title.trim() === "" || track.artist.trim() === "") return;
  if (!(await recordingUnknown(db, config, track, now()))) return;
  let found: { recording: FoundRecording | null };
  let label: string | null = null;
  try {
    await providerSlot();
    found = await searchRecording(config, track);
    if (found.recording?.release) {
      await providerSlot();
      label = await releaseLabel(config, found.recording.release);
    }
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    console.warn("recording codes: provider unavailable, the track is looked up again later", String(err));
    return;
  }
  const { recording } = found;
  await rememberRecording(
    db,
    track,
    { isrc: recording?.isrc ?? null, label, recordingId: recording?.id ?? null },
    now(),
  );
}
