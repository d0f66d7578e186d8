// bench:start's measurements on one page (dev/bench-start.ts has the command and its runs): press
// to sound, the longest silence around a quality switch, and around a dropped connection.
// `element` measures today's element-only player (localStorage player-engine = "element").

import type { EngineBrowser, EnginePage } from "../engines/index.ts";
import {
  chooseQuality,
  longestSilence,
  openHome,
  pressStart,
  pressToSound,
  type Quality,
  untilPageTime,
} from "./probe.ts";
import type { StreamProxy } from "./proxy.ts";
import { type DropFigure, type PressFigure, type SwitchFigure, whenSilent } from "./report.ts";

export const qualities: readonly Quality[] = ["hd", "sd", "mobile"];
export const pagesPerQuality = 5;
/** A page that hears nothing this long after the press is not measured. */
const soundLimitMs = 15_000;
/** How long the radio plays before a switch or a drop. */
const playingMs = 3000;
const switchSpan = { beforeMs: 1000, afterMs: 6000 };
/**
 * The drop comes once the player holds what it keeps buffered ahead in steady play (2.6 s, ADR
 * 030; it builds up over about 30 s from the press at hd), or after `settleMs` at most: a
 * listener who has played a while, not one who pressed a second ago.
 */
export const drop = { awayMs: 2000, watchMs: 10_000, aheadS: 2.5, settleMs: 45_000 };

export const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).split("\n")[0];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `measure` on a fresh page, closed after; a failure is printed with the page's last console lines and rethrown. */
async function onFreshPage<T>(
  browser: EngineBrowser,
  label: string,
  measure: (page: EnginePage) => Promise<T>,
) {
  const page = await browser.newPage();
  try {
    return await measure(page);
  } catch (err) {
    console.log(`  ${label}: not measured: ${describe(err)}`);
    printConsole(page, 0);
    throw err;
  } finally {
    await page.close().catch(() => {});
  }
}

/** What the page logged since it had logged `from` lines (at most 5, the last). */
function printConsole(page: EnginePage, from: number) {
  for (const line of page.consoleLines().slice(from).slice(-5))
    console.log(`    page: ${line.slice(0, 300)}`);
}

/** Opens the home page with `quality`, presses Start Listening and waits for the sound. */
/** What the command line chose for every measurement (dev/bench-start.ts sets it once). */
export const measureOptions = { element: false };

async function startPlaying(page: EnginePage, baseUrl: string, quality: Quality) {
  const { element } = measureOptions;
  await openHome(page, baseUrl, { quality, element });
  await pressStart(page);
  return pressToSound(page, soundLimitMs);
}

export async function measurePress(
  browser: EngineBrowser,
  baseUrl: string,
  quality: Quality,
): Promise<PressFigure> {
  const figure: PressFigure = { engine: browser.engine, quality, pages: [], players: [] };
  for (let i = 1; i <= pagesPerQuality; i++) {
    const label = `${browser.engine} ${quality} ${i}/${pagesPerQuality}`;
    const heard = await onFreshPage(browser, label, (page) => startPlaying(page, baseUrl, quality)).catch(
      () => null,
    );
    figure.pages.push(heard?.ms ?? null);
    if (heard) {
      figure.players.push(heard.player);
      console.log(`  ${label}: ${heard.ms} ms from the press to the first tone (${heard.player})`);
    }
  }
  return figure;
}

/** The first connection let through from `since` on asking for `mount`, ms after `since`. */
function askedAfter(proxy: StreamProxy, since: number, mount: string): number | null {
  const request = proxy.requests().find((r) => r.at >= since && !r.refused && r.path.startsWith(`/${mount}`));
  return request ? request.at - since : null;
}

export async function measureSwitch(
  browser: EngineBrowser,
  baseUrl: string,
  proxy: StreamProxy,
): Promise<SwitchFigure> {
  const label = `${browser.engine} quality switch`;
  try {
    const switches = await onFreshPage(browser, label, async (page) => {
      await startPlaying(page, baseUrl, "hd");
      await sleep(playingMs);
      const measured: SwitchFigure["switches"] = [];
      for (const [from, to] of [
        ["hd", "sd"],
        ["sd", "hd"],
      ] as const) {
        const logged = page.consoleLines().length;
        const at = await chooseQuality(page, to);
        await untilPageTime(page, at + switchSpan.afterMs);
        const asked = askedAfter(proxy, at, to);
        if (asked === null) throw new Error(`the player did not ask for /${to} after ${to} was chosen`);
        const silence = await longestSilence(page, at - switchSpan.beforeMs, at + switchSpan.afterMs);
        measured?.push({ from, to, ...silence });
        console.log(
          `  ${label} ${from}→${to}: longest silence ${silence.open ? "≥ " : ""}${silence.ms} ms (asked for /${to} ${asked} ms after the choice; ${whenSilent(silence, switchSpan.beforeMs)})`,
        );
        printConsole(page, logged);
      }
      return measured;
    });
    return { engine: browser.engine, switches };
  } catch (err) {
    return { engine: browser.engine, switches: null, error: describe(err) };
  }
}

export async function measureDrop(
  browser: EngineBrowser,
  baseUrl: string,
  proxy: StreamProxy,
): Promise<DropFigure> {
  const label = `${browser.engine} dropped connection`;
  const figure: DropFigure = {
    engine: browser.engine,
    silence: null,
    closed: 0,
    refused: 0,
    reconnectedAfterMs: null,
  };
  try {
    await onFreshPage(browser, label, async (page) => {
      await startPlaying(page, baseUrl, "hd");
      await sleep(playingMs);
      const settleUntil = Date.now() + drop.settleMs;
      const bufferedAhead = () =>
        page.evaluate(() => {
          const audio = document.querySelector("audio");
          if (!audio || audio.buffered.length === 0) return 0;
          return audio.buffered.end(audio.buffered.length - 1) - audio.currentTime;
        }, null);
      figure.aheadS = await bufferedAhead();
      while (figure.aheadS < drop.aheadS && Date.now() < settleUntil) {
        await sleep(1000);
        figure.aheadS = await bufferedAhead();
      }
      const logged = page.consoleLines().length;
      const at = Date.now();
      figure.closed = proxy.drop(drop.awayMs);
      if (figure.closed === 0) throw new Error("no stream connection was open to close");
      await untilPageTime(page, at + drop.watchMs);
      const after = proxy.requests().filter((r) => r.at >= at);
      figure.refused = after.filter((r) => r.refused).length;
      const through = after.find((r) => !r.refused);
      figure.reconnectedAfterMs = through ? through.at - at : null;
      figure.silence = await longestSilence(page, at, at + drop.watchMs);
      console.log(
        `  ${label}: longest silence ${figure.silence.open ? "≥ " : ""}${figure.silence.ms} ms (${figure.aheadS?.toFixed(2)} s buffered ahead at the drop, closed ${figure.closed}, ` +
          `refused ${figure.refused}, next connection ${figure.reconnectedAfterMs === null ? "none" : `+${figure.reconnectedAfterMs} ms`}; ${whenSilent(figure.silence)})`,
      );
      printConsole(page, logged);
    });
  } catch (err) {
    figure.error = describe(err);
  }
  return figure;
}
