// Player UI state (UI state is in jotai atoms: docs/architecture.md, Conventions). The <audio> element itself lives in AudioProvider.
import { atom } from "jotai";
import { defaultStreamQuality, defaultVolume, type StreamQuality } from "#web/lib/constants.ts";

export {
  isPlayingAtom,
  isPlayingStatus,
  type PlaybackStatus,
  playbackStatusAtom,
} from "#web/lib/playback-status.ts";
/** The listener's volume, 0..1; stored under 'radio-volume'. */
export const volumeAtom = atom(defaultVolume);
export const qualityAtom = atom<StreamQuality>(defaultStreamQuality);
