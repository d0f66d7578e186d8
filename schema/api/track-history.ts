// The played-tracks history (GET /api/track-history and its search): a play, and a unique track
// with its plays.
import { z } from "zod";
import { historySearch } from "../listener-rules";

export const trackHistoryItem = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  artwork: z.string().nullable(),
  /** ISO 8601. */
  playedAt: z.string(),
});
export type TrackHistoryItem = z.infer<typeof trackHistoryItem>;

/** A unique track of the history: its newest spelling, its plays, and when it last played (ISO 8601). */
export const playedTrack = z.object({
  title: z.string(),
  artist: z.string(),
  plays: z.number().int(),
  playedAt: z.string(),
  /** The cover its last play showed (the host's, or the one the live room found), if any. */
  artwork: z.string().nullable(),
});
export type PlayedTrack = z.infer<typeof playedTrack>;

/** GET /api/track-history/search?q=: words that must each be in the title or the artist. */
export const historySearchQuery = z.object({
  q: z
    .string({ error: "Type what to search for (q)." })
    .trim()
    .min(historySearch.minChars, `Type at least ${historySearch.minChars} characters to search.`)
    .max(historySearch.maxChars, `Search for at most ${historySearch.maxChars} characters.`),
});
