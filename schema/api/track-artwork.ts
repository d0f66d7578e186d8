// The admin's view of track covers (ADR 019): the recently played tracks with the cover each
// shows and where it came from, and the call that sets one (an uploaded image) or none.
import { z } from "zod";
import { limits } from "../limits";
import { imageKeyPattern } from "./common";

export const trackCover = z.object({
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  /** The cover listeners see, null for the station's mark. */
  artwork: z.string().nullable(),
  /** host: sent by the radio host; provider: found by the lookup; admin: set here; null: none known. */
  source: z.enum(["host", "provider", "admin"]).nullable(),
  /** ISO 8601. */
  lastPlayed: z.string(),
});
export type TrackCover = z.infer<typeof trackCover>;
const trackText = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(limits.trackField, `${name} is at most ${limits.trackField} characters`);

export const setTrackCover = z.object({
  title: trackText("title"),
  artist: trackText("artist"),
  /** An uploaded image (`/images/<key>` as POST /api/upload answers), or null: this track has no cover. */
  image: z
    .string()
    .regex(
      new RegExp(`^/images/${imageKeyPattern.source.slice(1)}`),
      "image must be an uploaded /images/ path",
    )
    .nullable(),
});
export type SetTrackCover = z.infer<typeof setTrackCover>;
