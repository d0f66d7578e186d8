// The radio's shapes: now playing, the next track and the live connection's message.
import { z } from "zod";
import { trackHistoryItem } from "./track-history";

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
  /**
   * The play recorded before it, with the cover it has now (one found after its track ended
   * included): a history list from a cache older than that still shows it. Absent from servers
   * older than this field.
   */
  previous: trackHistoryItem.nullish(),
});
export type LiveMessage = z.infer<typeof liveMessage>;

/**
 * What a player sends on the live connection as it starts playing, and the `type` of the answer:
 * a pass for its listening writes (ADR 036), or null once the connection was given its share.
 */
export const livePassRequest = "pass";
export const livePassMessage = z.object({ type: z.literal(livePassRequest), pass: z.string().nullable() });
export type LivePassMessage = z.infer<typeof livePassMessage>;
