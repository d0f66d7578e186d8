// Reconnect after a stream drop: stall detection, exponential backoff, one pending retry at a time.
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { reconnectInitialDelayMs, reconnectMaxDelayMs, streamStallTimeoutMs } from "#web/lib/constants.ts";
import type { PlaybackStatus } from "./state";

/** The wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(reconnectInitialDelayMs * 2 ** Math.max(0, attempt), reconnectMaxDelayMs);
}

export type Reconnector = {
  /** Schedules the next retry unless one is already waiting. */
  schedule(): void;
  /** The stream plays again: the next drop starts over at 1 s. */
  succeeded(): void;
  /** The listener paused: forget the pending retry and the backoff. */
  cancel(): void;
  readonly pending: boolean;
};

export function createReconnector(retry: (attempt: number) => void): Reconnector {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule() {
      if (timer !== undefined) return;
      const current = attempt++;
      timer = setTimeout(() => {
        timer = undefined;
        retry(current);
      }, reconnectDelayMs(current));
    },
    succeeded() {
      clear();
      attempt = 0;
    },
    cancel() {
      clear();
      attempt = 0;
    },
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
};

/** Retries for the one <audio> element, and a stall that does not recover in time counted as a drop. */
export function useReconnect({ wantsPlayRef, setStatus, retry }: ReconnectOptions) {
  const retryRef = useRef(retry);
  retryRef.current = retry;
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
    setStatus("reconnecting");
    reconnector.schedule();
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
