// How far behind the radio host's live edge this listener hears the music (ms), or null when
// nothing plays: the player estimates it, the live updates time the title by it (ADR 020).
let estimate: (() => number | null) | null = null;
/** The client's clock less the server's, as the live updates estimate it (0 until they do). */
let serverOffset = 0;
const listeners = new Set<() => void>();

/** The player's estimate; returns the function that withdraws it. */
export function provideListeningDelay(source: () => number | null): () => void {
  estimate = source;
  return () => {
    if (estimate === source) estimate = null;
  };
}

export function listeningDelayMs(): number | null {
  return estimate?.() ?? null;
}

/** The player says the delay jumped (a stream started, stopped or changed quality). */
export function listeningChanged(): void {
  for (const listener of listeners) listener();
}

export function onListeningChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live updates' estimate of the client's clock less the server's (the quickest delivery). */
export function noteServerClockOffset(ms: number): void {
  serverOffset = ms;
}

/**
 * The server's clock now, as this client best knows it: a relayed player (ADR 042) hears moments
 * of the server's clock and times its delay by it.
 */
export function serverNowMs(): number {
  return Date.now() - serverOffset;
}
