// Listeners the station invents (ADR 021): real HTTP connections to an Icecast mount that read
// and drop the audio, so Icecast counts them as it counts any player. Tests add and remove them
// through the helper; `npm start` lets a few come and go by themselves (`wander`), so the admin's
// insights have something to show after a few minutes.
import { type ClientRequest, request } from "node:http";
import type { Quality } from "./feeds.ts";

export type FakeListeners = ReturnType<typeof createFakeListeners>;

/** At most this many at once: each holds a socket and reads its mount's bitrate. */
export const maxFakeListeners = 100;

export function createFakeListeners(icecastUrl: string) {
  const connections = new Map<Quality, Set<ClientRequest>>([
    ["hd", new Set()],
    ["sd", new Set()],
    ["mobile", new Set()],
  ]);
  let wanderTimer: ReturnType<typeof setInterval> | undefined;

  const total = () => [...connections.values()].reduce((sum, set) => sum + set.size, 0);
  const counts = () => Object.fromEntries([...connections].map(([quality, set]) => [quality, set.size]));

  /** Opens one listener; resolves once Icecast answered (it then counts it). */
  function connect(quality: Quality): Promise<void> {
    const set = connections.get(quality) as Set<ClientRequest>;
    return new Promise((resolve, reject) => {
      const listener = request(`${icecastUrl}/${quality}`, {
        headers: { "User-Agent": "LocalStationFakeListener/1.0" },
      });
      set.add(listener);
      listener.on("response", (response) => {
        if (response.statusCode !== 200) {
          set.delete(listener);
          listener.destroy();
          reject(new Error(`${quality} answered ${response.statusCode}`));
          return;
        }
        response.resume();
        response.on("close", () => set.delete(listener));
        resolve();
      });
      listener.on("error", (err) => {
        set.delete(listener);
        reject(err);
      });
      listener.end();
    });
  }

  async function add(count: number, quality: Quality): Promise<void> {
    const room = Math.max(0, Math.min(count, maxFakeListeners - total()));
    await Promise.all(Array.from({ length: room }, () => connect(quality)));
  }

  function remove(count: number, quality?: Quality): void {
    const pool = quality ? [connections.get(quality) as Set<ClientRequest>] : [...connections.values()];
    let left = count;
    for (const set of pool) {
      for (const listener of set) {
        if (left-- <= 0) return;
        set.delete(listener);
        listener.destroy();
      }
    }
  }

  /** A few listeners coming and going every `everyMs`, between 0 and `most` (mostly on mobile). */
  function wander(most = 12, everyMs = 30_000): void {
    clearInterval(wanderTimer);
    wanderTimer = setInterval(() => {
      const step = Math.round((Math.random() - 0.45) * 4);
      const target = Math.max(0, Math.min(most, total() + step));
      if (target > total()) {
        const quality: Quality = Math.random() < 0.6 ? "mobile" : Math.random() < 0.5 ? "sd" : "hd";
        void add(target - total(), quality).catch(() => undefined);
      } else remove(total() - target);
    }, everyMs);
  }

  function stop(): void {
    clearInterval(wanderTimer);
    remove(Number.POSITIVE_INFINITY);
  }

  return { add, remove, counts, total, wander, stop };
}
