// The reader's last step (ADR 019): covers are looked up in the background, after the push and
// never before it, so a slow provider delays no title. Lookups under way are kept for tests.
import { findArtwork, findRecordingCodes } from "../../lib/artwork/lookup";
import { getConfig } from "../../lib/config";
import { getDb } from "../../lib/db";
import { setPlayArtwork } from "../../lib/history";

export type CoverQuery = { title: string; artist: string; album?: string | null };

/**
 * The track's cover, when one is found; its play (`playId`) takes it in the history even when
 * the track has ended by then.
 */
export async function findCover(env: Env, track: CoverQuery, playId?: number): Promise<string | null> {
  const db = getDb(env.DB);
  const artwork = await findArtwork({ db, images: env.IMAGES }, getConfig(env), track);
  if (artwork && playId !== undefined) await setPlayArtwork(db, playId, artwork);
  return artwork;
}

/** Finds and keeps the track's ISRC and label (ADR 038). */
export async function findCodes(env: Env, track: { title: string; artist: string }): Promise<void> {
  await findRecordingCodes(getDb(env.DB), getConfig(env), track);
}

export class CoverLookups {
  readonly lookups = new Set<Promise<void>>();

  /** Runs `work` in the background; its failure is logged. Settles when it is done, never rejects. */
  start(work: () => Promise<void>): Promise<void> {
    const lookup = work().catch((err: unknown) => console.error("live room: the artwork lookup failed", err));
    this.lookups.add(lookup);
    void lookup.finally(() => this.lookups.delete(lookup));
    return lookup;
  }

  async settle(): Promise<void> {
    while (this.lookups.size > 0) await Promise.all(this.lookups);
  }
}
