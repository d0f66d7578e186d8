// The one <audio> element of the app and the context that controls it. Each concern is its own
// hook: playback (play/pause/status, with reconnect), volume with the sleep timer's fade,
// quality, media session and keyboard shortcuts.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef } from "react";
import type { StreamQuality } from "#web/lib/constants.ts";
import { useClientConfig } from "#web/lib/queries/config.ts";
import { useNowPlaying } from "#web/lib/queries/radio.ts";
import { usePlayerShortcuts } from "./keyboard";
import { useMediaSession } from "./media-session";
import { usePlayback } from "./playback";
import { useQuality } from "./quality";
import type { PlaybackStatus } from "./state";
import { useVolume } from "./volume";

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
  setQuality: (quality: StreamQuality) => void;
  /** A level 0..1 applied on top of the listener's volume without changing it (sleep-timer fade). */
  setFadeLevel: (level: number) => void;
};

const AudioContext = createContext<AudioApi | null>(null);

export function useAudio(): AudioApi {
  const audio = useContext(AudioContext);
  if (!audio) throw new Error("useAudio must be used within AudioProvider");
  return audio;
}

export function AudioProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const config = useClientConfig();
  const { data: track } = useNowPlaying();
  // Call order is effect order: stored settings are applied before playback reacts to the config.
  const { volume, setVolume, toggleMute, setFadeLevel, outputVolume } = useVolume(audioRef);
  const { quality, qualityRef, chooseQuality } = useQuality();
  const { status, play, pause, toggle, switchSource, audioEvents } = usePlayback({
    audioRef,
    config,
    qualityRef,
    outputVolume,
  });

  const setQuality = useCallback(
    (next: StreamQuality) => {
      if (chooseQuality(next)) switchSource();
    },
    [chooseQuality, switchSource],
  );

  useMediaSession(track, status, play, pause);
  usePlayerShortcuts(toggle, toggleMute);

  const api = useMemo<AudioApi>(
    () => ({
      isPlaying: status !== "stopped",
      status,
      toggle,
      play,
      pause,
      volume,
      setVolume,
      toggleMute,
      quality,
      setQuality,
      setFadeLevel,
    }),
    [status, toggle, play, pause, volume, setVolume, toggleMute, quality, setQuality, setFadeLevel],
  );

  return (
    <AudioContext value={api}>
      {children}
      {/* No <track>: a live music stream has no captions. */}
      <audio ref={audioRef} preload="none" {...audioEvents} />
    </AudioContext>
  );
}
