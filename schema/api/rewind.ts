// Rewind (ADR 040): the recorded window of each stream and the segments a player fetches to play
// a moment of it. Times are the host's, in ms since the epoch, as the live room's stamps.
import { z } from "zod";

export const rewindQualities = ["hd", "sd", "mobile"] as const;
export const rewindQuality = z.enum(rewindQualities, { error: "quality must be hd, sd or mobile" });

/**
 * One index call lists the segments of a 10-minute page: the one that holds `at`, pages starting
 * on whole 10 minutes, so every player asking about the same stretch asks the same URL and the
 * edge answers most of them.
 */
export const rewindPageMs = 10 * 60_000;

export const rewindIndexQuery = z.object({
  at: z.coerce
    .number({ error: "at must be a time in ms since 1970" })
    .int("at must be a whole number of ms")
    .min(0, "at must be a time in ms since 1970")
    .max(8.64e15, "at must be a time in ms since 1970")
    .optional(),
});

export const rewindSegment = z.object({
  /** When its first frame was live at the host. */
  start: z.number(),
  duration: z.number(),
  /** Where its bytes are (immutable, cached at the edge). */
  url: z.string(),
  /** False after a break in the recording (an outage): `gapBefore` ms were not recorded. */
  joined: z.boolean(),
  gapBefore: z.number(),
});
export type RewindSegment = z.infer<typeof rewindSegment>;

export const rewindIndex = z.object({
  quality: rewindQuality,
  /** How far back listeners may go: the operator's window within REWIND_MINUTES (ADR 042). */
  minutes: z.number().int().positive(),
  /** The window listeners may reach now: from its oldest moment to the newest segment's end; null when empty. */
  oldest: z.number().nullable(),
  newest: z.number().nullable(),
  /** Given `at`, the segments that overlap its 10-minute page, in order; else none. */
  segments: z.array(rewindSegment),
  /**
   * Given `at`, the page's title changes as the stream itself carried them (in-band, ICY), each
   * placed where the recording heard it: the music's own clock, closer to a track's first sound
   * than the live room's stamp (see `trackStart`).
   */
  titles: z.array(z.object({ at: z.number(), title: z.string() })),
});
export type RewindIndex = z.infer<typeof rewindIndex>;

/**
 * Where 'Restart this track' and the history's play buttons start: this long before the track's
 * stamp. A host publishes a new title a little after the new track's first bytes (Icecast applies
 * a metadata update a few hundred ms after it is sent), so the stamp trails the music; starting a
 * half second early keeps the first note (bench:rewind measures the offset).
 */
export const restartLeadMs = 500;

/**
 * A stamp and the in-band change that marks the same track lie this close at most: the stamp
 * trails the music by up to a poll and the host's report lag (bench:rewind: 0.1 to 1.6 s).
 */
export const inBandMatchMs = 4000;

/** The index pages (whole `rewindPageMs` since 1970) that may hold the stream's title change for a play stamped `stampMs`. */
export const rewindPagesNear = (stampMs: number): number[] => [
  ...new Set([stampMs - inBandMatchMs, stampMs + inBandMatchMs].map((t) => Math.floor(t / rewindPageMs))),
];

/**
 * Where a play's music starts, for 'Restart this track' and the history's play buttons: the
 * stream's own title change nearest the live room's stamp (within `inBandMatchMs`), else the stamp
 * less `restartLeadMs` (a host that sends no in-band titles, or a page not recorded).
 */
export function trackStart(stampMs: number, titles: readonly { at: number }[]): number {
  let best: number | null = null;
  for (const { at } of titles)
    if (
      Math.abs(at - stampMs) <= inBandMatchMs &&
      (best === null || Math.abs(at - stampMs) < Math.abs(best - stampMs))
    )
      best = at;
  return best ?? stampMs - restartLeadMs;
}

/**
 * The operator's rewind settings (/pb/rewind, ADR 042). A station's licence may allow less than
 * the recording does: time-shifting, choosing a past track and relaying are each a choice.
 */
export const rewindSettings = z.strictObject({
  /** How far back listeners may go, in minutes: 0 (no rewind) up to the recorded REWIND_MINUTES. */
  minutes: z
    .number({ error: "minutes must be a whole number of minutes" })
    .int("minutes must be a whole number of minutes")
    .min(0, "minutes must be 0 or more")
    .max(24 * 60, "minutes must be at most 1440"),
  /** Whether the player offers 'Restart this track'. */
  restartTrack: z.boolean({ error: "restartTrack must be true or false" }),
  /** Whether /history offers to play a past track, and the scrubber marks the tracks. */
  playFromHistory: z.boolean({ error: "playFromHistory must be true or false" }),
  /** Relay mode: live listeners hear the newest recorded segments from the edge, not the host. */
  relay: z.boolean({ error: "relay must be true or false" }),
});
export type RewindSettings = z.infer<typeof rewindSettings>;

/** GET/PUT /api/rewind/settings answers the saved settings and what the recording allows. */
export const rewindSettingsAnswer = z.object({
  settings: rewindSettings,
  /** REWIND_MINUTES: the longest window the station records; 0 when it records nothing. */
  recordedMinutes: z.number().int().nonnegative(),
});
export type RewindSettingsAnswer = z.infer<typeof rewindSettingsAnswer>;
