// `npm run bench:web [-- --runs N --routes /,/history --preset mobile|desktop --cpu LIST
// --throttling LIST --state LIST --json FILE]`: builds the site, serves it on loopback and runs Lighthouse N times
// (default 3) on /, /history and /analytics with the mobile and desktop presets, printing for
// each the median of the runs and the lowest run (by performance score): performance, FCP, LCP,
// TBT, CLS, the accessibility, best-practices and SEO scores and every audit that failed in a
// run. A benchmark, not a test: it never fails on the figures.
//
// `--cpu`: the mobile preset's CPU slowdown, one or more of `calibrated` (the default: the
// slowdown that makes this machine the same phone as any other, from its BenchmarkIndex,
// dev/bench-web/calibrate.ts), `default` (Lighthouse's constant 4x) or a number.
// `--throttling`: how the mobile preset slows the phone down, `simulate` (Lighthouse's default:
// computed from a full-speed load), `devtools` (Chromium slowed down as it loads) or both.
// `--state`: `seeded` (`wrangler dev`, the real worker, with a throw-away state holding 83 days
// of plays, so that /history and /analytics are full) and `live` (what `npm start` runs: the
// local station playing, the live room pushing titles and covers over its socket); both by
// default. `--static` serves dist/client with a tiny file server instead (no API), `--no-build`
// reuses the last build, `--verbose` prints what the failing audits point at, `--json FILE` also
// writes the figures and every run to FILE (a directory, e.g. `bench-results/`, gets
// `web-<timestamp>.json`), `--floor` also measures the stack's floor: React alone, started as the
// site starts (dev/bench-web/floor.ts), in each state beside its routes, run for run (ADR 060).
// Each simulated mobile run is audited again with the page's main-thread tasks at their thread
// time, its TBT printed as "TBT on CPU": the page's own work, without the host's waits (ADR 069).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { cpuChoice, measureBenchmarkIndex, mobileSlowdown } from "./bench-web/calibrate.ts";
import { buildFloor } from "./bench-web/floor.ts";
import {
  type Preset,
  type Run,
  runLighthouse,
  type ThrottlingMethod,
  throttlingMethods,
} from "./bench-web/lighthouse.ts";
import { interleave } from "./bench-web/schedule.ts";
import { type BenchServer, serve, serveDirectory } from "./bench-web/server.ts";
import {
  pairWithFloor,
  printSummary,
  type Summary,
  summarise,
  tbtOnCpu,
  tbtOverFloor,
} from "./bench-web/summary.ts";
import { lowestPriority, yieldCpuBelow } from "./bench-web/yield-cpu.ts";
import { rewindSiteVars, startSite } from "./local-site.ts";

const root = resolve(import.meta.dirname, "..");
const allRoutes = ["/", "/history", "/analytics"];
const allPresets: Preset[] = ["mobile", "desktop"];

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    routes: { type: "string", default: allRoutes.join(",") },
    preset: { type: "string" },
    json: { type: "string" },
    static: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    floor: { type: "boolean", default: false },
    cpu: { type: "string", default: "calibrated" },
    state: { type: "string", default: "seeded,live" },
    throttling: { type: "string", default: "simulate" },
  },
});
const runCount = Number(values.runs);
if (!Number.isInteger(runCount) || runCount < 1) throw new Error(`bench: --runs wants a whole number ≥ 1`);
const routes = values.routes
  .split(",")
  .map((r) => r.trim())
  .filter(Boolean);
if (routes.length === 0 || routes.some((r) => !r.startsWith("/")))
  throw new Error(`bench: --routes wants paths such as /,/history`);
if (values.preset !== undefined && !allPresets.includes(values.preset as Preset))
  throw new Error(`bench: --preset is mobile or desktop`);
const presets = values.preset ? [values.preset as Preset] : allPresets;
const list = (value: string) =>
  value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
const cpuChoices = list(values.cpu);
if (
  cpuChoices.length === 0 ||
  cpuChoices.some((c) => c !== "calibrated" && c !== "default" && !(Number(c) >= 1))
)
  throw new Error("bench: --cpu wants calibrated, default or a slowdown ≥ 1, comma-separated");
const methods = list(values.throttling) as ThrottlingMethod[];
if (methods.length === 0 || methods.some((m) => !throttlingMethods.includes(m)))
  throw new Error("bench: --throttling wants simulate, devtools or both, comma-separated");
const states = values.static ? ["static"] : list(values.state);
// `--static` is a state of its own; --state names the worker's.
if (!values.static && (states.length === 0 || states.some((s) => s !== "seeded" && s !== "live")))
  throw new Error("bench: --state wants seeded, live or both, comma-separated");

/** Where `--json` writes: the file given, or web-<timestamp>.json in a directory given. */
function jsonPath(target: string, startedAt: Date): string {
  const isDir = target.endsWith("/") || (existsSync(target) && statSync(target).isDirectory());
  if (!isDir) return resolve(target);
  return resolve(target, `web-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
}

if (!values["no-build"]) {
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
if (!existsSync(join(root, "dist/client/index.html"))) throw new Error("bench: dist/client is not built");

const startedAt = new Date();
const summaries: Summary[] = [];

/** A mobile run's phone: its CPU slowdown, its label, and how Lighthouse slows it down. */
type MobileTarget = { slowdown: number | null; label: string; method: ThrottlingMethod };
/**
 * The mobile preset's phones to measure with, one per throttling method and CPU choice. The
 * slowdown is a fixed one, or null for one calibrated just before each run (this machine's speed
 * drifts by a fifth from minute to minute on a shared host, so one calibration at the start would
 * not hold for the whole bench).
 */
const mobileTargets: MobileTarget[] = methods.flatMap((method) =>
  cpuChoices.map((choice): MobileTarget => {
    const { slowdown, cpu } = cpuChoice(choice);
    return { slowdown, label: method === "simulate" ? cpu : `${cpu}, ${method}`, method };
  }),
);
/** The BenchmarkIndex each calibrated run was given its slowdown from. */
const calibrations: number[] = [];

/** The slowdown for the next calibrated run: this machine's BenchmarkIndex measured now. */
async function calibrate(label: string): Promise<number> {
  const index = await measureBenchmarkIndex(3);
  calibrations.push(index);
  const slowdown = mobileSlowdown(index);
  console.log(`bench: ${label}: BenchmarkIndex ${Math.round(index)}, so the phone is ${slowdown}x slower`);
  return slowdown;
}

type Target = { preset: Preset; cpu: MobileTarget | null };
const targets = presets.flatMap((preset): Target[] =>
  preset === "mobile" ? mobileTargets.map((cpu) => ({ preset, cpu })) : [{ preset, cpu: null }],
);

type Page = { url: string; name: string };

/**
 * Runs Lighthouse on each page with each preset (and each mobile CPU slowdown), run N of every
 * page before run N + 1 of any (schedule.ts), adds the summaries to `summaries` and returns them
 * in the pages' order.
 */
async function measure(pages: Page[]): Promise<Summary[]> {
  const runs = new Map<string, Run[]>();
  const key = (page: Page, target: Target) => `${pages.indexOf(page)} ${targets.indexOf(target)}`;
  for (const { page, target, run: i } of interleave(pages, targets, runCount)) {
    const { preset, cpu } = target;
    const label = `${page.name} ${preset}${cpu ? ` ${cpu.label}` : ""} ${i}/${runCount}`;
    const once = async () => {
      const slowdown = cpu ? (cpu.slowdown ?? (await calibrate(label))) : undefined;
      return runLighthouse(page.url, preset, label, values.verbose, slowdown, cpu?.method);
    };
    let run = await once();
    // A run Lighthouse could not record (NO_NAVSTART: its trace lost the navigation) says
    // nothing about the page: it is made again, twice at most, and a third failure counts.
    for (let retry = 1; run.runtimeError && retry <= 2; retry++) {
      console.log(`bench: ${label}: Lighthouse could not measure it (${run.runtimeError}); again`);
      run = await once();
    }
    console.log(`bench: ${label}: performance ${run.scores.performance}`);
    runs.set(key(page, target), [...(runs.get(key(page, target)) ?? []), run]);
  }
  const measured = pages.flatMap((page) =>
    targets.map((target) =>
      summarise(page.name, target.preset, target.cpu?.label ?? "", runs.get(key(page, target)) ?? []),
    ),
  );
  summaries.push(...measured);
  return measured;
}

/** npm start's site: the local station plays, the live room has read it and pushes to players. */
async function serveLive(): Promise<BenchServer> {
  // Recording for rewind, as npm start's site does (its REWIND_MINUTES is the default, 60): the
  // phone's bar then shows the rewind controls, as a listener's does.
  const site = await startSite({ vars: rewindSiteVars });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = (await (await fetch(`${site.baseUrl}/api/radio/now-playing`)).json()) as {
      title?: string;
      artwork?: string | null;
    };
    if (now.title && now.artwork) break;
    if (Date.now() > deadline) {
      console.log("bench: the live site shows no cover after 30 s; measuring it as it is");
      break;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { url: site.baseUrl, stop: site.stop };
}

/**
 * `--floor`: the floor, served by a static server for the whole bench and measured beside the
 * routes of each state, with that state's server running (ADR 060). A floor that cannot be
 * built costs its own figures only, not the routes'.
 */
async function serveFloor(): Promise<BenchServer | null> {
  const dir = mkdtempSync(join(tmpdir(), "bench-web-floor-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const server = await serveDirectory(await buildFloor(dir));
    const stop = async () => {
      await server.stop();
      removeDir();
    };
    return { url: server.url, stop };
  } catch (err) {
    console.error(`bench: the floor was not measured: ${String(err)}`);
    process.exitCode = 1;
    removeDir();
    return null;
  }
}

const floor = values.floor ? await serveFloor() : null;
/** Each route's summary and the floor's measured beside it (the same state, preset and CPU). */
const floorOf = new Map<Summary, Summary>();
try {
  for (const state of states) {
    const server = state === "live" ? await serveLive() : await serve(root, state === "static");
    // The phone does not share its CPU with the server (ADR 050). Chromium is not running now.
    const lowered = yieldCpuBelow(process.pid);
    if (lowered > 0)
      console.log(
        `bench: the site's ${lowered} server threads yield the CPU to the page (nice ${lowestPriority})`,
      );
    try {
      const how = {
        static: "(static server)",
        seeded: "(wrangler dev, seeded)",
        live: "(npm start's live site)",
      }[state];
      console.log(
        `bench: Lighthouse ${how} on ${server.url}, ${runCount} run${runCount === 1 ? "" : "s"} per route and preset`,
      );
      const named = (label: string) => (states.length > 1 ? `${label} (${state})` : label);
      const pages = routes.map((route) => ({ url: `${server.url}${route}`, name: named(route) }));
      // React alone, started as the site starts (dev/bench-web/floor.ts).
      if (floor) pages.push({ url: `${floor.url}/`, name: named("React floor") });
      for (const [route, beside] of pairWithFloor(await measure(pages), named("React floor")))
        floorOf.set(route, beside);
    } finally {
      await server.stop();
    }
  }
} finally {
  await floor?.stop();
}

for (const summary of summaries) printSummary(summary, floorOf.get(summary));

if (values.json !== undefined) {
  const file = jsonPath(values.json, startedAt);
  mkdirSync(dirname(file), { recursive: true });
  const floors = new Set(floorOf.values());
  const report = {
    startedAt: startedAt.toISOString(),
    server: values.static ? "static" : "wrangler dev",
    states,
    throttling: methods,
    calibrations,
    runsPerRoute: runCount,
    lighthouse: summaries[0]?.lowest.lighthouse,
    results: summaries.map((summary) => {
      const { lowest, runs, ...rest } = summary;
      // A route names the floor it was measured beside, and its TBT over it.
      const beside = floorOf.get(summary);
      return {
        ...rest,
        ...(floors.has(summary) ? { server: "static (the floor, dev/bench-web/floor.ts)" } : {}),
        ...(beside
          ? {
              floor: beside.route,
              tbtOverFloor: tbtOverFloor(summary, beside),
              ...(runs.some((run) => run.atThreadTime)
                ? { tbtOnCpuOverFloor: tbtOverFloor(summary, beside, tbtOnCpu) }
                : {}),
            }
          : {}),
        lowestRun: runs.indexOf(lowest),
        runs: runs.map(({ lighthouse: _, ...run }) => run),
      };
    }),
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nbench: figures written to ${file}`);
}
