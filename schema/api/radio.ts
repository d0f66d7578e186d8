// The radio's shapes: now playing, next track, the played-tracks history, the live connection's
// message and the listening statistics.
import { z } from "zod";
import { historySearch } from "../listener-rules";

export const track = z.object({
  title: z.string(),
  artist: z.string(),
  album: z.string().nullish(),
  artwork: z.string().nullish(),
});
export type Track = z.infer<typeof track>;

export const nowPlaying = track.extend({
  /** Listener count reported by the radio host, when it reports one. */
  listeners: z.number().int().nonnegative().nullish(),
  /** The station keeps its listener count to itself (listeners is then null): show none. */
  listenersHidden: z.boolean().optional(),
  /** The track_history row of this play, when one was recorded: its share page is /share/{id}. */
  historyId: z.number().int().positive().nullish(),
});
export type NowPlaying = z.infer<typeof nowPlaying>;

export const nextTrack = track.nullable();
export type NextTrack = z.infer<typeof nextTrack>;

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

/**
 * What GET /api/radio/live pushes: the current state as the first message, then one message per
 * change. `version` increases with every change; `at` is when the live room saw the current
 * track start and `sentAt` the server's clock when it sent the message (both ms since the epoch).
 */
export const liveMessage = z.object({
  type: z.literal("now-playing"),
  version: z.number().int().nonnegative(),
  current: track,
  next: track.nullable(),
  listeners: z.number().int().nonnegative().nullable(),
  listenersHidden: z.boolean().optional(),
  at: z.number(),
  sentAt: z.number(),
  /** The track_history row of the current track, when one was recorded as it started. */
  played: trackHistoryItem.nullable(),
});
export type LiveMessage = z.infer<typeof liveMessage>;

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

export const listeningStats = z.object({
  totalPlays: z.number().int(),
  uniqueTracks: z.number().int(),
  uniqueArtists: z.number().int(),
  topArtist: z.object({ artist: z.string(), plays: z.number().int() }).nullable(),
  topTrack: z.object({ title: z.string(), artist: z.string(), plays: z.number().int() }).nullable(),
  topArtists: z.array(z.object({ artist: z.string(), plays: z.number().int() })),
  topTracks: z.array(z.object({ title: z.string(), artist: z.string(), plays: z.number().int() })),
  /** Unique tracks (docs/product.md §5), newest play first, with how often each was played. */
  recent: z.array(playedTrack),
});
export type ListeningStats = z.infer<typeof listeningStats>;
