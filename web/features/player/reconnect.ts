// Reconnect after a stream drop: exponential backoff, one pending retry at a time.
import { reconnectInitialDelayMs, reconnectMaxDelayMs } from "../../lib/constants";

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
