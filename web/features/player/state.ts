// Player UI state (STYLE 5: UI state in jotai atoms). The <audio> element itself lives in AudioProvider.
import { atom } from "jotai";
import { defaultStreamQuality, defaultVolume, type StreamQuality } from "../../lib/constants";

export { isPlayingAtom, type PlaybackStatus, playbackStatusAtom } from "../../lib/playback-status";
/** The listener's volume, 0..1; stored under 'radio-volume'. */
export const volumeAtom = atom(defaultVolume);
export const qualityAtom = atom<StreamQuality>(defaultStreamQuality);
