// Rewind (ADR 040): the recorded window of each stream and the segments a player fetches to play
// a moment of it. Times are the host's, in ms since the epoch, as the live room's stamps.
import { z } from "zod";
import { rewindQualities } from "../rewind";

export {
  inBandMatchMs,
  restartLeadMs,
  rewindPageMs,
  rewindPagesNear,
  rewindQualities,
  trackStart,
} from "../rewind";

export const rewindQuality = z.enum(rewindQualities, { error: "quality must be hd, sd or mobile" });

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
