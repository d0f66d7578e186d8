// Reconnect after a stream drop: stall detection, exponential backoff, one pending retry at a time,
// and an end: after reconnectGiveUpMs of failures the player stops ("Stream unavailable").
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import {
  reconnectGiveUpMs,
  reconnectInitialDelayMs,
  reconnectMaxDelayMs,
  streamStallTimeoutMs,
} from "#web/lib/constants.ts";
import type { PlaybackStatus } from "./state";

/** The wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(reconnectInitialDelayMs * 2 ** Math.max(0, attempt), reconnectMaxDelayMs);
}

export type Reconnector = {
  /**
   * Schedules the next retry unless one is already waiting; returns false, scheduling nothing,
   * once the drop has lasted reconnectGiveUpMs.
   */
  schedule(): boolean;
  /** The stream plays again: the next drop starts over at 1 s. */
  succeeded(): void;
  /** The listener paused: forget the pending retry and the backoff. */
  cancel(): void;
  readonly pending: boolean;
};

export function createReconnector(retry: (attempt: number) => void): Reconnector {
  let attempt = 0;
  /** When the drop began: the first retry's schedule since the stream last played. */
  let droppedAt: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reset = () => {
    clearTimeout(timer);
    timer = undefined;
    attempt = 0;
    droppedAt = undefined;
  };
  return {
    schedule() {
      if (timer !== undefined) return true;
      const now = Date.now();
      droppedAt ??= now;
      if (now - droppedAt >= reconnectGiveUpMs) {
        reset();
        return false;
      }
      const current = attempt++;
      timer = setTimeout(() => {
        timer = undefined;
        retry(current);
      }, reconnectDelayMs(current));
      return true;
    },
    succeeded: reset,
    cancel: reset,
    get pending() {
      return timer !== undefined;
    },
  };
}

type ReconnectOptions = {
  /** The listener wants the radio on: only then is a drop worth a retry. */
  wantsPlayRef: RefObject<boolean>;
  setStatus: (status: PlaybackStatus) => void;
  /** Loads the stream again; the latest one passed is called. */
  retry: () => void;
  /** The drop lasted too long: stop the stream; the latest one passed is called. */
  giveUp: () => void;
};

/** Retries for the one <audio> element, and a stall that does not recover in time counted as a drop. */
export function useReconnect({ wantsPlayRef, setStatus, retry, giveUp }: ReconnectOptions) {
  const retryRef = useRef(retry);
  retryRef.current = retry;
  const giveUpRef = useRef(giveUp);
  giveUpRef.current = giveUp;
  const stallTimerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [reconnector] = useState(() =>
    createReconnector(() => {
      if (wantsPlayRef.current) retryRef.current();
    }),
  );

  const clearStall = useCallback(() => {
    clearTimeout(stallTimerRef.current);
    stallTimerRef.current = undefined;
  }, []);

  const reconnect = useCallback(() => {
    if (!wantsPlayRef.current) return;
    clearStall();
    if (reconnector.schedule()) setStatus("reconnecting");
    else giveUpRef.current();
  }, [clearStall, reconnector, setStatus, wantsPlayRef]);

  const armStall = useCallback(() => {
    if (stallTimerRef.current !== undefined || !wantsPlayRef.current) return;
    stallTimerRef.current = setTimeout(() => {
      stallTimerRef.current = undefined;
      reconnect();
    }, streamStallTimeoutMs);
  }, [reconnect, wantsPlayRef]);

  useEffect(
    () => () => {
      reconnector.cancel();
      clearStall();
    },
    [reconnector, clearStall],
  );

  return { reconnector, reconnect, armStall, clearStall };
}
