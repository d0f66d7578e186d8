// Whether the player is playing: set by the player, read by the queries that poll only while it plays.
import { atom } from "jotai";

/**
 * "unavailable" is stopped after reconnecting gave up (docs/product.md §4: error -> stopped):
 * the play button shows, with "Stream unavailable" and a Retry.
 */
export type PlaybackStatus = "stopped" | "connecting" | "playing" | "reconnecting" | "unavailable";

export const playbackStatusAtom = atom<PlaybackStatus>("stopped");

/** Playing in the spec's sense: from the element's play event until its pause event. */
export function isPlayingStatus(status: PlaybackStatus): boolean {
  return status !== "stopped" && status !== "unavailable";
}

export const isPlayingAtom = atom((get) => isPlayingStatus(get(playbackStatusAtom)));
