// Whether the player is playing: set by the player, read by the queries that poll only while it plays.
import { atom } from "jotai";

export type PlaybackStatus = "stopped" | "connecting" | "playing" | "reconnecting";

export const playbackStatusAtom = atom<PlaybackStatus>("stopped");
/** Playing in the spec's sense: from the element's play event until its pause event. */
export const isPlayingAtom = atom((get) => get(playbackStatusAtom) !== "stopped");
