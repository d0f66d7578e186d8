// The player's context: the controls of the one <audio> element (AudioProvider) and the hook
// that joins them with the player's state in jotai atoms. Its own module so lazy parts of the
// player (integrations.tsx) import it without importing the provider that loads them.
import { useAtomValue } from "jotai";
import { createContext, useContext } from "react";
import type { StreamQuality } from "#web/lib/constants.ts";
import { isPlayingStatus, type PlaybackStatus, playbackStatusAtom, qualityAtom, volumeAtom } from "./state";

export type AudioApi = {
  isPlaying: boolean;
  status: PlaybackStatus;
  toggle: () => void;
  play: () => void;
  pause: () => void;
  /** The listener's volume, 0..1. */
  volume: number;
  setVolume: (volume: number) => void;
  /** docs/product.md §4: 0 if the volume is above 0, otherwise 0.7. */
  toggleMute: () => void;
  quality: StreamQuality;
  /** The listener's choice, remembered; `automatic` (a step down on a slow network) is not. */
  setQuality: (quality: StreamQuality, automatic?: boolean) => void;
  /** A level 0..1 applied on top of the listener's volume without changing it (sleep-timer fade). */
  setFadeLevel: (level: number) => void;
  /** The one <audio> element, for what acts on the element itself (cast and AirPlay). */
  audioElement: () => HTMLAudioElement | null;
  /** How late the listener hears the host, exactly, while the stream plays through MSE; else null. */
  engineDelayMs: () => number | null;
  /**
   * While `on`, the element plays the stream's plain URL, not through MSE: remote playback (Cast,
   * AirPlay) takes only that. Switches at once, in the caller's task (the picker's click).
   */
  playOnElement: (on: boolean) => void;
};

export type AudioControls = Omit<AudioApi, "isPlaying" | "status" | "volume" | "quality">;

export const AudioContext = createContext<AudioControls | null>(null);

export function useAudio(): AudioApi {
  const controls = useContext(AudioContext);
  if (!controls) throw new Error("useAudio must be used within AudioProvider");
  const status = useAtomValue(playbackStatusAtom);
  const volume = useAtomValue(volumeAtom);
  const quality = useAtomValue(qualityAtom);
  return { ...controls, isPlaying: isPlayingStatus(status), status, volume, quality };
}
