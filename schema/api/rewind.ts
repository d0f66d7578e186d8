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
  /** REWIND_MINUTES: how far back the window reaches at most. */
  minutes: z.number().int().positive(),
  /** The window recorded now: from the oldest segment's start to the newest one's end; null when empty. */
  oldest: z.number().nullable(),
  newest: z.number().nullable(),
  /** Given `at`, the segments that overlap its 10-minute page, in order; else none. */
  segments: z.array(rewindSegment),
});
export type RewindIndex = z.infer<typeof rewindIndex>;
