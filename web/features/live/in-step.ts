// Titles in step with the music (ADR 020). A live message says when the host changed
// track (`at`, the server's clock) and when it was sent (`sentAt`); the listener hears the host
// `delayMs()` late. A change is shown at at + clock offset + delay: held while the listener still
// hears the track before, shown at once when already due (not playing, or after a reconnect).
// When the delay jumps up (a stream starts behind live), the track before comes back until the
// new one is heard. Messages that change no track wait behind a held change, else go at once.
import type { LiveMessage } from "#schema/api.ts";

export type InStepOptions = {
  apply: (message: LiveMessage) => void;
  /** How late the listener hears the host (ms), null when nothing plays. */
  delayMs: () => number | null;
  now?: () => number;
  /** Told each new estimate of the client's clock less the server's. */
  onOffset?: (ms: number) => void;
};

/** Clock offset samples kept: the smallest (the quickest delivery) is the best estimate. */
const offsetSamples = 16;
/** A held change is checked at least this often: a pause, a stall or a new stream moves it. */
export const recheckMs = 250;
/** The shown track goes back to the one before only when it is due this much later. */
export const revertAfterMs = 400;

export function createInStep({ apply, delayMs, now = () => Date.now(), onOffset }: InStepOptions) {
  const samples: number[] = [];
  /** Client clock minus server clock, plus the quickest delivery seen. */
  let offset = 0;
  const held: LiveMessage[] = [];
  let shown: LiveMessage | null = null;
  let before: LiveMessage | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const dueAt = (message: LiveMessage) => message.at + offset + (delayMs() ?? 0);

  function show(message: LiveMessage) {
    if (shown && shown.at !== message.at) before = shown;
    shown = message;
    apply(message);
  }

  function run() {
    clearTimeout(timer);
    timer = undefined;
    // A stream that started behind live plays the track before: show it until the new one is heard.
    if (
      held.length === 0 &&
      shown &&
      before &&
      before.at < shown.at &&
      dueAt(shown) - now() > revertAfterMs
    ) {
      held.unshift(shown);
      shown = before;
      before = null;
      apply(shown);
    }
    while (held.length > 0) {
      const head = held[0] as LiveMessage;
      const wait = dueAt(head) - now();
      if (wait > 0) {
        timer = setTimeout(run, Math.min(wait, recheckMs));
        return;
      }
      held.shift();
      show(head);
    }
  }

  return {
    offer(message: LiveMessage) {
      samples.push(now() - message.sentAt);
      if (samples.length > offsetSamples) samples.shift();
      offset = Math.min(...samples);
      onOffset?.(offset);
      const last = held.at(-1) ?? shown;
      if (held.length === 0 && last?.at === message.at) {
        show(message);
        return;
      }
      // The same play again (its cover, the next track, the count): it takes the held one's place.
      if (held.length > 0 && last?.at === message.at) held[held.length - 1] = message;
      else held.push(message);
      run();
    },
    /** The listener's delay jumped: a held change may be due, or the shown one not yet. */
    recheck: run,
    dispose() {
      clearTimeout(timer);
      held.length = 0;
    },
  };
}

export type InStep = ReturnType<typeof createInStep>;
