// The reconnect schedule without React: exponential backoff, one pending retry at a time, and an
// end after reconnectGiveUpMs. The site's player (reconnect.ts) and the embed (web/embed/) use it.
import { reconnectGiveUpMs, reconnectInitialDelayMs, reconnectMaxDelayMs } from "#web/lib/constants.ts";

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
