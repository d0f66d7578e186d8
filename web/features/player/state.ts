// Player UI state (STYLE 5: UI state in jotai atoms). The <audio> element itself lives in AudioProvider.
import { atom } from "jotai";
import { defaultStreamQuality, defaultVolume, type StreamQuality } from "../../lib/constants";

export type PlaybackStatus = "stopped" | "connecting" | "playing" | "reconnecting";

export const playbackStatusAtom = atom<PlaybackStatus>("stopped");
/** Playing in the spec's sense: from the element's play event until its pause event. */
export const isPlayingAtom = atom((get) => get(playbackStatusAtom) !== "stopped");
/** The listener's volume, 0..1; stored under 'radio-volume'. */
export const volumeAtom = atom(defaultVolume);
export const qualityAtom = atom<StreamQuality>(defaultStreamQuality);
