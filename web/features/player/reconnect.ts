// Reconnect after a stream drop: stall detection, exponential backoff, one pending retry at a time,
// and an end: after reconnectGiveUpMs of failures the player stops ("Stream unavailable").
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { streamStallTimeoutMs } from "#web/lib/constants.ts";
import { createReconnector } from "./reconnector";
import type { PlaybackStatus } from "./state";

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
