// The sleep timer (docs/product.md §4): idle or running; counts down every second, fades the volume out
// over the last 10 s, pauses the radio at zero and restores the listener's volume. A running timer
// is restored from the server on load. Start, cancel and status failures are only logged.
import { atom, useAtom } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SleepTimerStart } from "#schema/api.ts";
import { whenIdle } from "#web/lib/idle.ts";
import { cancelSleepTimer, fetchSleepTimer, startSleepTimer } from "#web/lib/queries/sleep-timer.ts";
import { getSleepTimerSessionId, peekSleepTimerSessionId } from "#web/lib/session-id.ts";
import { readStored, writeStored } from "#web/lib/storage.ts";
import { useAudio } from "../player/audio-provider";

/** Sleep timer: the countdown ticks every second; the volume fades out over the last 10 s. */
const sleepTimerTickMs = 1000;
const sleepTimerFadeMs = 10_000;

/** Epoch ms when the radio stops; null when idle. */
export const sleepTimerEndAtom = atom<number | null>(null);

const fadeStepMs = 100;

/**
 * Until when a timer started in this browser may run (epoch ms, local storage, the latest of
 * them): a tab reads its session storage and asks the server about a timer to restore only before
 * then. A tab's first read of session storage is slow (Chromium loads it then, 2-12 ms here,
 * ADR 051); local storage is read before the first paint anyway (the theme).
 */
const timerEndsStorageKey = "sleep-timer-ends";

function timerMayRun(): boolean {
  return Number(readStored(timerEndsStorageKey)) > Date.now();
}

function noteTimerEnds(endTime: number): void {
  const latest = Math.max(endTime, Number(readStored(timerEndsStorageKey)) || 0);
  writeStored(timerEndsStorageKey, String(latest));
}

export type SleepTimer = {
  running: boolean;
  /** Whole seconds left, rounded up. */
  remainingSeconds: number;
  start: (minutes: SleepTimerStart["minutes"]) => Promise<boolean>;
  cancel: () => Promise<void>;
};

/** mm:ss; minutes go past 59 for long timers (90:00). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, totalSeconds);
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

export function useSleepTimer(): SleepTimer {
  const { pause, setFadeLevel } = useAudio();
  const [endTime, setEndTime] = useAtom(sleepTimerEndAtom);
  const [now, setNow] = useState(0);
  const pauseRef = useRef(pause);
  pauseRef.current = pause;
  /** The listener started or cancelled a timer here: a restore that answers later must not undo it. */
  const chosenRef = useRef(false);

  useEffect(() => {
    // A tab whose session has no sleep-timer id has started no timer: there is none to restore,
    // and the id is made when the listener starts one (a new id, written on every first visit,
    // cost the page's start a session-storage write and a call). Nor has one where no timer of
    // this browser can still run; otherwise the restore waits for the browser to be idle.
    let cancelled = false;
    const cancelIdle = whenIdle(
      () => {
        if (!timerMayRun()) return;
        const session = peekSleepTimerSessionId();
        if (session === null) return;
        fetchSleepTimer(session)
          .then((status) => {
            if (cancelled || chosenRef.current) return;
            if (status.active && status.endTime !== null && status.endTime > Date.now()) {
              setNow(Date.now());
              setEndTime(status.endTime);
            }
          })
          .catch((error: unknown) => console.error("Failed to read the sleep timer", error));
      },
      { timeout: 2000 },
    );
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [setEndTime]);

  // The countdown, once a second; at zero the radio pauses and the listener's volume comes back.
  useEffect(() => {
    if (endTime === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= endTime) {
        pauseRef.current();
        setFadeLevel(1);
        setEndTime(null);
      }
    };
    tick();
    const interval = setInterval(tick, sleepTimerTickMs);
    return () => clearInterval(interval);
  }, [endTime, setEndTime, setFadeLevel]);

  // The fade over the last 10 seconds, in small steps so it sounds smooth.
  const fading = endTime !== null && endTime - now <= sleepTimerFadeMs;
  useEffect(() => {
    if (!fading || endTime === null) return;
    const step = () => setFadeLevel(Math.max(0, Math.min(1, (endTime - Date.now()) / sleepTimerFadeMs)));
    step();
    const interval = setInterval(step, fadeStepMs);
    return () => {
      clearInterval(interval);
      setFadeLevel(1);
    };
  }, [fading, endTime, setFadeLevel]);

  const start = useCallback(
    async (minutes: SleepTimerStart["minutes"]) => {
      chosenRef.current = true;
      try {
        await startSleepTimer(getSleepTimerSessionId(), minutes);
      } catch (error) {
        console.error("Failed to start the sleep timer", error);
        return false;
      }
      const current = Date.now();
      const endTime = current + minutes * 60_000;
      setNow(current);
      setEndTime(endTime);
      noteTimerEnds(endTime);
      return true;
    },
    [setEndTime],
  );

  const cancel = useCallback(async () => {
    chosenRef.current = true;
    setEndTime(null);
    setFadeLevel(1);
    try {
      await cancelSleepTimer(getSleepTimerSessionId());
    } catch (error) {
      console.error("Failed to cancel the sleep timer", error);
    }
  }, [setEndTime, setFadeLevel]);

  const remainingSeconds = endTime === null ? 0 : Math.max(0, Math.ceil((endTime - now) / 1000));
  return { running: endTime !== null, remainingSeconds, start, cancel };
}
