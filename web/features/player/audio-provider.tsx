// The one <audio> element of the app and what controls it: play/pause driven by the element's
// events, volume and quality kept in local storage, reconnect with backoff when the stream drops.
import { useAtom } from "jotai";
import {
  createContext,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type StreamQuality,
  streamQualities,
  streamQualityStorageKey,
  streamStallTimeoutMs,
  unmuteVolume,
  volumeStorageKey,
} from "../../lib/constants";
import { useClientConfig } from "../../lib/queries/config";
import { useNowPlaying } from "../../lib/queries/radio";
import { usePlayerShortcuts } from "./keyboard";
import { useMediaSession } from "./media-session";
import { createReconnector } from "./reconnect";
import { type PlaybackStatus, playbackStatusAtom, qualityAtom, volumeAtom } from "./state";
import { readStored, writeStored } from "./storage";

export type AudioApi = {
  isPlaying: boolean;
  status: PlaybackStatus;
  toggle: () => void;
  play: () => void;
  pause: () => void;
  /** The listener's volume, 0..1. */
  volume: number;
  setVolume: (volume: number) => void;
  /** SPEC section 4: 0 if the volume is above 0, otherwise 0.7. */
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

export function clampVolume(volume: number): number {
  return Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 0;
}

function isStreamQuality(value: string | null): value is StreamQuality {
  return (streamQualities as readonly (string | null)[]).includes(value);
}

function withCacheBuster(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}reconnect=${Date.now()}`;
}

export function AudioProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [status, setStatusAtom] = useAtom(playbackStatusAtom);
  const [volume, setVolumeAtom] = useAtom(volumeAtom);
  const [quality, setQualityAtom] = useAtom(qualityAtom);
  const [fadeLevel, setFadeLevelState] = useState(1);
  const config = useClientConfig();
  const { data: track } = useNowPlaying();

  // Refs: the element's event handlers and timers read the latest values without re-subscribing.
  const statusRef = useRef(status);
  const volumeRef = useRef(volume);
  const fadeRef = useRef(fadeLevel);
  const qualityRef = useRef(quality);
  const streamsRef = useRef(config.data?.streams);
  streamsRef.current = config.data?.streams;
  /** The listener wants the radio on (pressed play and not pause since). */
  const wantsPlayRef = useRef(false);
  /** Waiting for the stream configuration before the first play. */
  const startPendingRef = useRef(false);
  /** A source swap is under way: a pause the browser reports meanwhile is not the listener's. */
  const swappingRef = useRef(false);
  const stallTimerRef = useRef<ReturnType<typeof setTimeout>>(undefined);

  const setStatus = useCallback(
    (next: PlaybackStatus) => {
      statusRef.current = next;
      setStatusAtom(next);
    },
    [setStatusAtom],
  );

  const clearStall = useCallback(() => {
    clearTimeout(stallTimerRef.current);
    stallTimerRef.current = undefined;
  }, []);

  // startStream and reconnector call each other; the ref breaks the cycle.
  const startStreamRef = useRef<(cacheBust: boolean) => void>(() => {});
  const [reconnector] = useState(() =>
    createReconnector(() => {
      if (wantsPlayRef.current) startStreamRef.current(true);
    }),
  );

  const reconnect = useCallback(() => {
    if (!wantsPlayRef.current) return;
    clearStall();
    setStatus("reconnecting");
    reconnector.schedule();
  }, [clearStall, reconnector, setStatus]);

  const armStall = useCallback(() => {
    if (stallTimerRef.current !== undefined || !wantsPlayRef.current) return;
    stallTimerRef.current = setTimeout(() => {
      stallTimerRef.current = undefined;
      reconnect();
    }, streamStallTimeoutMs);
  }, [reconnect]);

  const stopAll = useCallback(() => {
    wantsPlayRef.current = false;
    startPendingRef.current = false;
    swappingRef.current = false;
    reconnector.cancel();
    clearStall();
    setStatus("stopped");
  }, [clearStall, reconnector, setStatus]);

  const onPlayRejected = useCallback(
    (error: unknown) => {
      const name = (error as { name?: unknown } | null)?.name;
      // A newer source or a pause interrupted this play(): whoever did that owns the state.
      if (name === "AbortError") return;
      swappingRef.current = false;
      if (name === "NotAllowedError") {
        console.warn("Playback was not allowed by the browser", error);
        stopAll();
        return;
      }
      console.error("Playback failed", error);
      if (wantsPlayRef.current) reconnect();
      else stopAll();
    },
    [reconnect, stopAll],
  );

  const startStream = useCallback(
    (cacheBust: boolean) => {
      const audio = audioRef.current;
      const url = streamsRef.current?.[qualityRef.current];
      if (!audio || !url) {
        startPendingRef.current = true;
        return;
      }
      startPendingRef.current = false;
      swappingRef.current = true;
      clearStall();
      audio.volume = clampVolume(volumeRef.current * fadeRef.current);
      audio.src = cacheBust ? withCacheBuster(url) : url;
      armStall();
      try {
        const result = audio.play();
        // Old browsers return undefined instead of a promise.
        if (result) result.catch(onPlayRejected);
      } catch (error) {
        onPlayRejected(error);
      }
    },
    [armStall, clearStall, onPlayRejected],
  );
  startStreamRef.current = startStream;

  const play = useCallback(() => {
    if (wantsPlayRef.current && statusRef.current !== "stopped") return;
    wantsPlayRef.current = true;
    reconnector.cancel();
    setStatus("connecting");
    startStream(false);
  }, [reconnector, setStatus, startStream]);

  const pause = useCallback(() => {
    stopAll();
    const audio = audioRef.current;
    if (!audio) return;
    audio.pause();
    // Stop downloading the live stream; the next play starts at the live edge.
    if (audio.hasAttribute("src")) {
      audio.removeAttribute("src");
      audio.load();
    }
  }, [stopAll]);

  const toggle = useCallback(() => {
    if (statusRef.current === "stopped") play();
    else pause();
  }, [play, pause]);

  const setVolume = useCallback(
    (next: number) => {
      const clamped = clampVolume(next);
      volumeRef.current = clamped;
      setVolumeAtom(clamped);
      writeStored(volumeStorageKey, String(clamped));
    },
    [setVolumeAtom],
  );

  const toggleMute = useCallback(() => {
    setVolume(volumeRef.current > 0 ? 0 : unmuteVolume);
  }, [setVolume]);

  const setQuality = useCallback(
    (next: StreamQuality) => {
      if (next === qualityRef.current) return;
      qualityRef.current = next;
      setQualityAtom(next);
      writeStored(streamQualityStorageKey, next);
      // Swap the source and resume if the radio was on.
      if (wantsPlayRef.current && !startPendingRef.current) {
        reconnector.cancel();
        startStream(false);
      }
    },
    [reconnector, setQualityAtom, startStream],
  );

  const setFadeLevel = useCallback((level: number) => {
    fadeRef.current = clampVolume(level);
    setFadeLevelState(fadeRef.current);
  }, []);

  // Stored volume and quality are read after hydration so the first render matches the server's.
  useEffect(() => {
    const storedVolume = readStored(volumeStorageKey);
    const parsed = storedVolume === null ? Number.NaN : Number.parseFloat(storedVolume);
    if (Number.isFinite(parsed)) {
      volumeRef.current = clampVolume(parsed);
      setVolumeAtom(volumeRef.current);
    }
    const storedQuality = readStored(streamQualityStorageKey);
    if (isStreamQuality(storedQuality)) {
      qualityRef.current = storedQuality;
      setQualityAtom(storedQuality);
    }
  }, [setVolumeAtom, setQualityAtom]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = clampVolume(volume * fadeLevel);
  }, [volume, fadeLevel]);

  // Play was pressed before the stream configuration arrived.
  useEffect(() => {
    if (!startPendingRef.current || !wantsPlayRef.current) return;
    if (config.data) startStream(false);
    else if (config.isError) {
      console.error("Stream configuration unavailable", config.error);
      stopAll();
    }
  }, [config.data, config.isError, config.error, startStream, stopAll]);

  useEffect(
    () => () => {
      reconnector.cancel();
      clearStall();
    },
    [reconnector, clearStall],
  );

  useMediaSession(track, status, play, pause);
  usePlayerShortcuts(toggle, toggleMute);

  const onPlay = () => {
    // Also when the browser or the OS starts playback by itself.
    wantsPlayRef.current = true;
    if (statusRef.current === "stopped") setStatus("connecting");
  };
  const onPlaying = () => {
    swappingRef.current = false;
    clearStall();
    reconnector.succeeded();
    setStatus("playing");
  };
  const onPause = (event: SyntheticEvent<HTMLAudioElement>) => {
    if (wantsPlayRef.current) {
      // The stream ended by itself: a drop, not the listener.
      if (event.currentTarget.ended) return reconnect();
      if (swappingRef.current || statusRef.current === "reconnecting") return;
    }
    stopAll();
  };
  const onEnded = () => {
    if (wantsPlayRef.current) reconnect();
  };
  const onError = (event: SyntheticEvent<HTMLAudioElement>) => {
    const audio = event.currentTarget;
    // Unloading the source on pause is not an error worth reporting.
    if (!audio.hasAttribute("src")) return;
    console.error("Audio error", audio.error?.code, audio.error?.message);
    swappingRef.current = false;
    if (wantsPlayRef.current) reconnect();
    else stopAll();
  };
  const onStall = () => {
    if (wantsPlayRef.current) armStall();
  };
  const onTimeUpdate = () => {
    if (statusRef.current === "playing") clearStall();
  };

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
      {/* biome-ignore lint/a11y/useMediaCaption: a live music stream has no captions. */}
      <audio
        ref={audioRef}
        preload="none"
        onPlay={onPlay}
        onPlaying={onPlaying}
        onPause={onPause}
        onEnded={onEnded}
        onError={onError}
        onWaiting={onStall}
        onStalled={onStall}
        onTimeUpdate={onTimeUpdate}
      />
    </AudioContext>
  );
}
