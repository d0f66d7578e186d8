// `npm run bench:start [-- --engines chromium,firefox,webkit --qualities hd,sd,mobile --runs 1
// --element --json DIR]`: a benchmark of how soon the radio sounds and how long it falls silent
// (ADR 030), not a test: it fails only when it cannot measure, never on a missed target. Starts
// the local site and station on free ports, the site's stream URLs pointing at a TCP proxy of its
// own in front of Icecast (dev/bench-start/proxy.ts); Firefox plays into a null audio device of
// its driver's (dev/engines/audio-device.ts). In each engine (dev/engines), with bench:sync's
// analyser wired to the app's <audio> element (dev/bench-start/probe.ts), it measures:
// - per quality, the time from a press on Start Listening to the first station tone heard, on 5
//   fresh pages (each a fresh profile);
// - while playing hd, the longest silence from 1 s before to 6 s after choosing sd, then hd again,
//   in the player bar;
// - while playing hd, the longest silence in the 10 s after the stream's connection is closed and
//   the network is away for 2 s (the proxy closes every connection and refuses new ones).
// `--element` measures today's element-only player (localStorage player-engine = "element").
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  chooseQuality,
  longestSilence,
  openHome,
  pressStart,
  pressToSound,
  type Quality,
  untilPageTime,
} from "./bench-start/probe.ts";
import { type StreamProxy, startStreamProxy } from "./bench-start/proxy.ts";
import {
  type DropFigure,
  type PressFigure,
  printRun,
  printRuns,
  type RunFigures,
  type SwitchFigure,
  targets,
  unmeasured,
  whenSilent,
} from "./bench-start/report.ts";
import {
  type EngineBrowser,
  type EngineName,
  type EnginePage,
  engineNames,
  launchEngine,
} from "./engines/index.ts";
import { startSite } from "./local-site.ts";

const qualities: readonly Quality[] = ["hd", "sd", "mobile"];
const pagesPerQuality = 5;
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
const drop = { awayMs: 2000, watchMs: 10_000, aheadS: 2.5, settleMs: 45_000 };

const { values } = parseArgs({
  options: {
    engines: { type: "string", default: engineNames.join(",") },
    qualities: { type: "string", default: qualities.join(",") },
    runs: { type: "string", default: "1" },
    element: { type: "boolean", default: false },
    json: { type: "string" },
  },
});
const runCount = Number(values.runs);
if (!Number.isInteger(runCount) || runCount < 1) throw new Error("bench: --runs wants a whole number ≥ 1");
const engines = values.engines.split(",").map((e) => e.trim()) as EngineName[];
if (engines.some((e) => !engineNames.includes(e)))
  throw new Error(`bench: --engines from ${engineNames.join(",")}`);
const chosenQualities = values.qualities.split(",").map((q) => q.trim()) as Quality[];
if (chosenQualities.some((q) => !qualities.includes(q)))
  throw new Error(`bench: --qualities from ${qualities.join(",")}`);
const element = values.element;
const playerName = element ? "today's element-only player (player-engine = element)" : "the app's player";

// Everything started is stopped once, in reverse order: at the end, on a failure, on Ctrl-C and
// when the whole takes far longer than it should.
const stops: (() => Promise<unknown>)[] = [];
let stopping: Promise<void> | undefined;
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => console.error(`bench: stopping: ${err}`));
  })();
  return stopping;
}
function abort(reason: string, code: number) {
  console.error(`\nbench: ${reason}; stopping the site, the station, the proxy and the browsers`);
  void stopAll().finally(() => process.exit(code));
}
process.once("SIGINT", () => abort("interrupted", 130));
process.once("SIGTERM", () => abort("terminated", 143));
const budgetMs = runCount * engines.length * 15 * 60_000;
setTimeout(() => abort(`not done after ${budgetMs / 60_000} min`, 1), budgetMs).unref();

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).split("\n")[0];
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
async function startPlaying(page: EnginePage, baseUrl: string, quality: Quality) {
  await openHome(page, baseUrl, { quality, element });
  await pressStart(page);
  return pressToSound(page, soundLimitMs);
}

async function measurePress(browser: EngineBrowser, baseUrl: string, quality: Quality): Promise<PressFigure> {
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

async function measureSwitch(
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

async function measureDrop(browser: EngineBrowser, baseUrl: string, proxy: StreamProxy): Promise<DropFigure> {
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

async function measureRun(baseUrl: string, proxy: StreamProxy): Promise<RunFigures> {
  const run: RunFigures = { press: [], switches: [], drops: [] };
  for (const engine of engines) {
    console.log(`bench: ${engine}, ${playerName}`);
    let browser: EngineBrowser;
    try {
      browser = await launchEngine(engine);
    } catch (err) {
      const error = `${engine} did not start: ${describe(err)}`;
      console.log(`  ${error}`);
      for (const quality of chosenQualities)
        run.press.push({ engine, quality, pages: Array(pagesPerQuality).fill(null), players: [] });
      run.switches.push({ engine, switches: null, error });
      run.drops.push({ engine, silence: null, closed: 0, refused: 0, reconnectedAfterMs: null, error });
      continue;
    }
    const close = () => browser.close();
    stops.push(close);
    try {
      for (const quality of chosenQualities) {
        console.log(`bench: ${engine} ${quality}: press to sound on ${pagesPerQuality} fresh pages`);
        run.press.push(await measurePress(browser, baseUrl, quality));
      }
      console.log(`bench: ${engine}: a quality switch while playing hd (hd→sd, then sd→hd)`);
      run.switches.push(await measureSwitch(browser, baseUrl, proxy));
      console.log(
        `bench: ${engine}: the stream's connection closed, the network away for ${drop.awayMs / 1000} s`,
      );
      run.drops.push(await measureDrop(browser, baseUrl, proxy));
    } finally {
      stops.splice(stops.indexOf(close), 1);
      await close().catch((err) => console.error(`bench: closing ${engine}: ${describe(err)}`));
    }
  }
  return run;
}

/** Where `--json` writes: the file given, or start-<timestamp>.json in a directory given. */
function jsonPath(target: string, startedAt: Date): string {
  const isDir = target.endsWith("/") || (existsSync(target) && statSync(target).isDirectory());
  if (!isDir) return resolve(target);
  return resolve(target, `start-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
}

const startedAt = new Date();
const runs: RunFigures[] = [];
try {
  const proxy = await startStreamProxy();
  stops.push(() => proxy.close());
  console.log(`bench: starting the site and station, the streams through ${proxy.origin}`);
  const site = await startSite({ rotateSeconds: 24 * 60 * 60, streamOrigin: proxy.origin });
  stops.push(() => site.stop());
  proxy.forwardTo(Number(new URL(site.icecastUrl).port));
  for (let i = 1; i <= runCount; i++) {
    if (runCount > 1) console.log(`bench: run ${i} of ${runCount}`);
    runs.push(await measureRun(site.baseUrl, proxy));
  }
} catch (err) {
  console.error(`bench: ${describe(err)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

for (const [i, run] of runs.entries())
  printRun(run, `${playerName}${runCount > 1 ? `, run ${i + 1} of ${runCount}` : ""}`);
if (runs.length > 1) printRuns(runs);

const missing = runs.flatMap(unmeasured);
if (missing.length > 0) {
  console.log(`\nbench: not measured:\n${missing.map((m) => `  ${m}`).join("\n")}`);
  process.exitCode = 1;
}

if (values.json !== undefined && runs.length > 0) {
  const file = jsonPath(values.json, startedAt);
  mkdirSync(dirname(file), { recursive: true });
  const report = {
    startedAt: startedAt.toISOString(),
    player: element ? "element" : "app",
    pagesPerQuality,
    targets,
    runs,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nbench: figures written to ${file}`);
}
