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
  describe,
  drop,
  measureDrop,
  measureOptions,
  measurePress,
  measureSwitch,
  pagesPerQuality,
  qualities,
} from "./bench-start/measure.ts";
import type { Quality } from "./bench-start/probe.ts";
import { type StreamProxy, startStreamProxy } from "./bench-start/proxy.ts";
import { printRun, printRuns, type RunFigures, targets, unmeasured } from "./bench-start/report.ts";
import { type EngineBrowser, type EngineName, engineNames, launchEngine } from "./engines/index.ts";
import { startSite } from "./local-site.ts";

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
measureOptions.element = element;
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
