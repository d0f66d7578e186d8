// The local station from both ends: calls to its helper server (dev/station/station.ts: what is
// on air, the next title now, dropping or restoring one feed) and what the page's `<audio>` element
// makes of its stream. Every spec shares ONE station: a spec that stops a feed restarts it in a finally.
import type { Page } from "playwright-core";
import { inject } from "vitest";

export type Quality = "hd" | "sd" | "mobile";
export type StationTrack = { artist: string; title: string; album: string; tone: number };
/** A rotation's moments (Date.now()): the tone switched, and each mount's title was set. */
export type Rotation = { current: StationTrack; toneAt: number; titledAt: Partial<Record<Quality, number>> };
export type StationStatus = {
  current: StationTrack;
  next: StationTrack;
  feeds: Record<Quality, boolean>;
};

const helperUrl = () => inject("stationHelperUrl");

async function call<T>(method: "GET" | "POST", path: string): Promise<T> {
  const res = await fetch(`${helperUrl()}${path}`, { method });
  const text = await res.text();
  if (!res.ok) throw new Error(`station helper ${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export const stationHelper = {
  status: () => call<StationStatus>("GET", "/status"),
  /** Moves the station to the next title now; answers the new current track. */
  rotate: () => call<Rotation>("POST", "/rotate"),
  /** Resolves once Icecast no longer lists the mount. */
  stopFeed: (quality: Quality) => call<Record<Quality, boolean>>("POST", `/feeds/${quality}/stop`),
  /** The invented listeners open now, per mount and in total. */
  listeners: () => call<Record<Quality | "total", number>>("GET", "/listeners"),
  /** Opens `count` invented listeners on a mount (real connections Icecast counts). */
  addListeners: (count: number, quality: Quality = "mobile") =>
    call<Record<Quality | "total", number>>("POST", `/listeners/add?count=${count}&quality=${quality}`),
  removeListeners: (count: number) =>
    call<Record<Quality | "total", number>>("POST", `/listeners/remove?count=${count}`),
  /** Resolves once the mount is back on air with the current title. */
  startFeed: (quality: Quality) => call<Record<Quality, boolean>>("POST", `/feeds/${quality}/start`),
};

/** What the page's one `<audio>` element is doing. */
export type AudioState = { paused: boolean; currentTime: number; mount: string | null; volume: number };

export function audioState(page: Page): Promise<AudioState> {
  return page.evaluate(() => {
    const audio = document.querySelector("audio");
    if (!audio) throw new Error("the page has no <audio> element");
    return {
      paused: audio.paused,
      currentTime: audio.currentTime,
      // The stream it plays: through MSE its src is a blob: URL, and data-stream names the stream.
      mount: audio.dataset.stream ? new URL(audio.dataset.stream).pathname : null,
      volume: audio.volume,
    };
  });
}

/**
 * Waits until the `<audio>` element plays the station's `mount` (/hd, /sd, /mobile; or one of
 * several) and its current time advances by at least `seconds` while it plays: real audio arrives and is decoded.
 */
export async function expectAudioAdvancing(
  page: Page,
  mount: string | readonly string[],
  { seconds = 1, timeout = 20_000 }: { seconds?: number; timeout?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  const mounts = typeof mount === "string" ? [mount] : [...mount];
  try {
    const playingOn = await page.waitForFunction(
      (wanted) => {
        const audio = document.querySelector("audio");
        if (!audio || audio.paused || !audio.dataset.stream) return false;
        if (!wanted.includes(new URL(audio.dataset.stream).pathname) || audio.readyState < 2) return false;
        return { currentTime: audio.currentTime };
      },
      mounts,
      { timeout, polling: 100 },
    );
    const start = ((await playingOn.jsonValue()) as { currentTime: number }).currentTime;
    await page.waitForFunction(
      ({ wanted, from, seconds }) => {
        const audio = document.querySelector("audio");
        if (!audio || audio.paused || !audio.dataset.stream) return false;
        return wanted.includes(new URL(audio.dataset.stream).pathname) && audio.currentTime >= from + seconds;
      },
      { wanted: mounts, from: start, seconds },
      { timeout: Math.max(1000, deadline - Date.now()), polling: 100 },
    );
  } catch (error) {
    // What the element was doing, so a failure in CI says why (the station, the page or the test).
    const seen = await page
      .evaluate(() => {
        const audio = document.querySelector("audio");
        if (!audio) return "no <audio> element";
        const buffered = audio.buffered.length ? audio.buffered.end(audio.buffered.length - 1) : 0;
        const buttons = document.querySelectorAll('[aria-label="Player"] button[aria-label]');
        return JSON.stringify({
          src: audio.getAttribute("src"),
          engine: audio.dataset.engine,
          stream: audio.dataset.stream,
          paused: audio.paused,
          readyState: audio.readyState,
          networkState: audio.networkState,
          currentTime: audio.currentTime,
          buffered,
          error: audio.error && { code: audio.error.code, message: audio.error.message },
          playerButtons: [...buttons].map((button) => button.getAttribute("aria-label")),
        });
      })
      .catch((err: unknown) => `unreadable: ${String(err)}`);
    const station = await stationHelper.status().catch((err: unknown) => `unreadable: ${String(err)}`);
    throw new Error(
      `the audio did not advance ${seconds} s on ${mounts.join(" or ")} within ${timeout} ms.\n` +
        `audio: ${seen}\nstation: ${JSON.stringify(station)}`,
      { cause: error },
    );
  }
}
