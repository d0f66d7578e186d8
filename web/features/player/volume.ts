// The listener's volume (stored, with mute) and the sleep timer's fade on top of it.
import { useAtom } from "jotai";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { unmuteVolume, volumeStorageKey } from "#web/lib/constants.ts";
import { readStored, writeStored } from "#web/lib/storage.ts";
import { volumeAtom } from "./state";

export function clampVolume(volume: number): number {
  return Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 0;
}

export function useVolume(audioRef: RefObject<HTMLAudioElement | null>) {
  const [volume, setVolumeAtom] = useAtom(volumeAtom);
  const [fadeLevel, setFadeLevelState] = useState(1);
  // Refs: a source swap reads the latest values without waiting for a render.
  const volumeRef = useRef(volume);
  const fadeRef = useRef(fadeLevel);

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

  const setFadeLevel = useCallback((level: number) => {
    fadeRef.current = clampVolume(level);
    setFadeLevelState(fadeRef.current);
  }, []);

  /** What the element should play at now: the listener's volume times the fade. */
  const outputVolume = useCallback(() => clampVolume(volumeRef.current * fadeRef.current), []);

  // The stored volume is read after hydration so the first render matches the server's.
  useEffect(() => {
    const stored = readStored(volumeStorageKey);
    const parsed = stored === null ? Number.NaN : Number.parseFloat(stored);
    if (Number.isFinite(parsed)) {
      volumeRef.current = clampVolume(parsed);
      setVolumeAtom(volumeRef.current);
    }
  }, [setVolumeAtom]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = clampVolume(volume * fadeLevel);
  }, [audioRef, volume, fadeLevel]);

  return { volume, setVolume, toggleMute, setFadeLevel, outputVolume };
}
