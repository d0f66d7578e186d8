// Player UI state (UI state is in jotai atoms: docs/architecture.md, Conventions). The <audio> element itself lives in AudioProvider.
import { atom } from "jotai";
import type { NowPlaying } from "#schema/api.ts";
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
/** While the listener is rewound (ADR 040), the track heard then, from the history; null while live. */
export const heardTrackAtom = atom<NowPlaying | null>(null);
