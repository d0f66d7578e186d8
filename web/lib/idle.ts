// Work that can wait: for the browser to be idle (whenIdle: `run` once the main thread has
// nothing to do, at most `timeout` ms later; where the browser has no requestIdleCallback
// (Safari), after a timer of `fallback` ms; returns a cancel, for an effect's cleanup), or for
// the browser's next turn (yieldToBrowser).
export function whenIdle(
  run: () => void,
  { timeout, fallback = 0 }: { timeout: number; fallback?: number },
): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => run(), { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, fallback);
  return () => clearTimeout(id);
}

/** Resolves in a task of its own, after the browser has had its turn (paint, input). */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
