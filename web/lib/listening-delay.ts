// How far behind the radio host's live edge this listener hears the music (ms), or null when
// nothing plays: the player estimates it, the live updates time the title by it (ADR 020).
let estimate: (() => number | null) | null = null;
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
