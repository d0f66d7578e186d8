// How far back a site's rewind reaches (ADR 040): the hd audio recorded since its live room's first
// play, so that a moment in the window has a play to name. The rewind journey
// (tests/e2e/rewind-journeys.spec.ts) and bench:rewind wait for it.
import type { RewindIndex, TrackHistoryItem } from "../schema/api.ts";

async function siteJson<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Waits until the site's hd recording reaches `ms` back within its history. Asking now playing
 * first starts the live room (which records the plays) and the recorders if nothing has yet.
 * Gives up after `timeoutMs`.
 */
export async function waitForRewindWindow(
  baseUrl: string,
  ms: number,
  { timeoutMs = Number.POSITIVE_INFINITY, pollMs = 1000 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await siteJson(baseUrl, "/api/radio/now-playing");
    const [index, history] = await Promise.all([
      siteJson<RewindIndex>(baseUrl, "/api/rewind/hd"),
      siteJson<TrackHistoryItem[]>(baseUrl, "/api/track-history"),
    ]);
    const firstPlay = history.at(-1);
    const from =
      firstPlay && index.oldest !== null ? Math.max(index.oldest, Date.parse(firstPlay.playedAt)) : null;
    if (from !== null && index.newest !== null && index.newest - from >= ms) return;
    if (Date.now() > deadline)
      throw new Error(`the rewind window never reached ${ms} ms: ${JSON.stringify(index)}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
