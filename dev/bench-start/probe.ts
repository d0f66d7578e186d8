// What bench:start does in the page, through any engine's driver (dev/engines/types.ts): the
// settings a fresh profile starts with, the analyser of bench:sync's probe wired to the app's
// element before the press, the press's own moment, a quality chosen in the player bar, and the
// longest silence the analyser heard between two moments. Times are the page's Date.now().

import { installSyncProbe, type SyncLog } from "../bench-sync/page-probe.ts";
import type { EnginePage } from "../engines/types.ts";
import { playlist } from "../station/playlist.ts";

export type Quality = "hd" | "sd" | "mobile";

/** The home page's hero button ("Start Listening"). */
const startButton = ".hero-actions > button";
const qualitySelect = 'select[aria-label="Stream quality"]';

export type PageLog = {
  log: SyncLog;
  pressedAt: number | null;
  now: number;
  /** The app's element's source: a blob: URL when the app plays through Media Source Extensions. */
  source: string;
};

/**
 * A fresh profile's settings, written on a page of the site's origin before the home page loads:
 * web/lib/constants.ts's `stream-quality`, and `player-engine` = "element" for today's player.
 */
function storeSettings({ quality, element }: { quality: Quality; element: boolean }): void {
  localStorage.setItem("stream-quality", quality);
  if (element) localStorage.setItem("player-engine", "element");
}

/** True once the app is hydrated and React owns `selector`'s element (a press would reach it). */
export function ownedByReact(selector: string): boolean {
  const element = document.querySelector(selector);
  return (
    document.documentElement.dataset.hydrated !== undefined &&
    element !== null &&
    Object.keys(element).some((key) => key.startsWith("__reactProps$"))
  );
}

/** Notes the moment of the first press on `selector`'s element, before the app handles it. */
export function notePress(selector: string): void {
  const probe = window as unknown as { pressedAt: number | null };
  probe.pressedAt = null;
  document.querySelector(selector)?.addEventListener(
    "click",
    () => {
      probe.pressedAt ??= Date.now();
    },
    { capture: true },
  );
}

export function readLog(): PageLog {
  const probe = window as unknown as { syncProbe: SyncLog; pressedAt: number | null };
  return {
    log: probe.syncProbe,
    pressedAt: probe.pressedAt,
    now: Date.now(),
    source: document.querySelector("audio")?.currentSrc ?? "",
  };
}

/**
 * Chooses `quality` in the player bar's select as a listener does (React reads the change event);
 * answers the moment, just before the app hears of it.
 */
function chooseInSelect({ selector, quality }: { selector: string; quality: Quality }): number {
  const select = document.querySelector<HTMLSelectElement>(selector);
  if (!select) throw new Error(`no ${selector}`);
  // The prototype's setter: React keeps its own copy of the value on the element.
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")?.set?.call(select, quality);
  const at = Date.now();
  select.dispatchEvent(new Event("change", { bubbles: true }));
  return at;
}

/**
 * Opens the home page in `page` (a fresh profile) with these settings, once hydrated, with the
 * probe listening to the app's <audio> element and the press's moment noted.
 */
export async function openHome(
  page: EnginePage,
  baseUrl: string,
  settings: { quality: Quality; element: boolean },
): Promise<void> {
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate(storeSettings, settings);
  await page.goto(`${baseUrl}/`);
  await page.waitFor(ownedByReact, startButton, { timeout: 30_000 });
  await page.evaluate(
    installSyncProbe,
    playlist.map((track) => track.tone),
  );
  await page.evaluate(notePress, startButton);
}

export function pressStart(page: EnginePage): Promise<void> {
  return page.click(startButton);
}

/** What the app's element is doing, for a page that heard nothing. */
function describeElement(): string {
  const audio = document.querySelector("audio");
  if (!audio) return "is missing";
  const source = audio.currentSrc.startsWith("blob:") ? "MSE" : audio.currentSrc || "none";
  return `${audio.paused ? "is paused" : "plays"} at ${audio.currentTime.toFixed(2)} s (readyState ${audio.readyState}, source ${source}${audio.error ? `, error ${audio.error.code}` : ""})`;
}

/** How the app plays: through Media Source Extensions, or the element loading the stream's URL. */
export type Player = "mse" | "element";

/** Waits until a station tone was heard after the press; answers press to sound (ms) and how it played. */
export async function pressToSound(
  page: EnginePage,
  timeoutMs: number,
): Promise<{ ms: number; player: Player }> {
  await page
    .waitFor(() => (window as unknown as { syncProbe: SyncLog }).syncProbe.heard.length > 0, null, {
      timeout: timeoutMs,
      interval: 50,
    })
    .catch(async () => {
      const state = await page.evaluate(describeElement, null).catch(() => "in a state unknown");
      throw new Error(
        `no station tone heard within ${timeoutMs / 1000} s of the press; the element ${state}`,
      );
    });
  const { log, pressedAt, source } = await page.evaluate(readLog, null);
  const heardAt = log.heard[0]?.[1];
  if (pressedAt === null || heardAt === undefined) throw new Error("the press was not seen in the page");
  return { ms: heardAt - pressedAt, player: source.startsWith("blob:") ? "mse" : "element" };
}

/** Chooses `quality` in the player bar once React owns the select (a lazy part); answers when. */
export async function chooseQuality(page: EnginePage, quality: Quality): Promise<number> {
  await page.waitFor(ownedByReact, qualitySelect, { timeout: 15_000 });
  return page.evaluate(chooseInSelect, { selector: qualitySelect, quality });
}

export function pageNow(page: EnginePage): Promise<number> {
  return page.evaluate(() => Date.now(), null);
}

/** Waits until the page's clock passed `at`. */
export async function untilPageTime(page: EnginePage, at: number): Promise<void> {
  const wait = at - (await pageNow(page));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  await page.waitFor((until) => Date.now() >= until, at, { timeout: 5000, interval: 20 });
}

export type Silence = {
  /** The longest stretch without a station tone within the span (ms). */
  ms: number;
  /** Still silent at the span's end: the figure is at least `ms`. */
  open: boolean;
  /** The longest time within the span the page's analyser did not read (ms): heard nothing either way. */
  stalledMs: number;
  /** Every silence within the span, [from, to] in ms from its start. */
  stretches: [number, number][];
};

/** The longest silence the page heard from `start` to `end` (which must have passed). */
export async function longestSilence(page: EnginePage, start: number, end: number): Promise<Silence> {
  const { log, now } = await page.evaluate(readLog, null);
  if (now < end) throw new Error("the span has not ended yet");
  if (log.soundAt === 0) throw new Error("no sound was ever heard");
  // Reads since the last sound heard none: a silence still going on.
  const quietNow = now - log.soundAt > 50;
  const spans: [number, number][] = quietNow ? [...log.silences, [log.soundAt, now]] : log.silences;
  const within = (list: [number, number][]) =>
    list
      .map(([from, to]): [number, number] => [Math.max(from, start) - start, Math.min(to, end) - start])
      .filter(([from, to]) => to > from);
  const stretches = within(spans);
  return {
    ms: Math.max(0, ...stretches.map(([from, to]) => to - from)),
    open: quietNow && log.soundAt < end,
    stalledMs: Math.max(0, ...within(log.stalls).map(([from, to]) => to - from)),
    stretches,
  };
}
