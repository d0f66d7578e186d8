// Work that can wait for the browser to be idle: `run` once the main thread has nothing to do,
// at most `timeout` ms later. Where the browser has no requestIdleCallback (Safari), after a
// timer of `fallback` ms. Returns a cancel, for an effect's cleanup.
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
