// `npm test`'s vitest step (ADR 022). On one vitest run the projects go one group after another,
// and on a 2-core machine one file at a time; most of that time is spent waiting on workerd, the
// station and Chromium. Here the projects run as lanes, a `vitest run` each with its own
// station, phase after phase:
//   1. the worker, web and dev projects (three files at a time) beside the worker files that
//      move their station (one at a time);
//   2. the browser specs that measure no time, beside the listener's journeys in Chromium, Firefox
//      and WebKit (ADR 031). Beside phase 1 the first failed twice (a station starved of its feed,
//      a toast that never came after a click); the journeys were slower there than here, and the
//      unit files beside them ran past their 5 s timeout;
//   3. the browser specs that measure time, in two lanes;
//   4. the two that hold a tone or a title to 100 ms, alone;
//   5. the rewind journey in the three engines (ADR 046).
// The rewind journey's site starts with the run, beside phase 1, and records from then on: by
// phase 5 it holds the five minutes the journey rewinds (docs/product.md: Rewind; ADR 040), and the
// lane waits neither for them nor for its site to start. Idle, it costs about a fifth of one core
// (the station's three encoders and the recorders).
// Each lane's output is printed whole when it ends, and kept in test-results/<lane>.log.
// Arguments go to every vitest run (e.g. `--bail 1`).
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { type RunningSite, rewindSiteVars, type SiteOptions, startSite } from "./local-site.ts";

const root = resolve(import.meta.dirname, "..");
const vitest = join(root, "node_modules/vitest/vitest.mjs");
const extra = process.argv.slice(2);
/** How much of a failed lane's output is printed again at the end. */
const failedTailLines = 60;

/** `site`: the lane's site, started when the run starts and given to it (TEST_SITE). */
type Lane = { name: string; projects: string[]; site?: SiteOptions };
const phases: Lane[][] = [
  [
    { name: "unit", projects: ["worker", "web", "dev"] },
    { name: "worker-station", projects: ["worker-station"] },
  ],
  [
    { name: "e2e", projects: ["e2e"] },
    { name: "e2e-engines", projects: ["e2e-engines"] },
  ],
  [
    { name: "e2e-timing-1", projects: ["e2e-timing-1"] },
    { name: "e2e-timing-2", projects: ["e2e-timing-2"] },
  ],
  [{ name: "e2e-timing-3", projects: ["e2e-timing-3"] }],
  [{ name: "e2e-rewind", projects: ["e2e-rewind"], site: { vars: rewindSiteVars } }],
];

type Result = { lane: Lane; code: number; seconds: number; output: string };

const logPath = (lane: Lane) => join(root, "test-results", `${lane.name}.log`);
const running = new Set<ChildProcess>();

/** The lanes' early sites, each recording (its live room and recorders asked once) from its start. */
const sites = new Map<string, Promise<RunningSite | null>>();
function startEarly(lane: Lane): void {
  if (!lane.site) return;
  const starting = startSite(lane.site).then(async (site) => {
    // The live room (which records the plays) and the recorders start when first asked.
    await fetch(`${site.baseUrl}/api/radio/now-playing`).catch(() => undefined);
    await fetch(`${site.baseUrl}/api/rewind/hd`).catch(() => undefined);
    return site;
  });
  // Failed: the lane starts its own site, as a lane run alone does.
  sites.set(
    lane.name,
    starting.catch((err: unknown) => {
      console.log(`${lane.name}: its site did not start early, the lane starts its own: ${String(err)}`);
      return null;
    }),
  );
}

/** Set by Ctrl-C or a CI timeout: a lane still waiting for its site then does not start. */
let interrupted = false;

async function run(lane: Lane): Promise<Result> {
  const site = await sites.get(lane.name);
  if (interrupted) return { lane, code: 1, seconds: 0, output: "interrupted before it started\n" };
  const started = Date.now();
  const args = [vitest, "run", ...lane.projects.flatMap((p) => ["--project", p]), ...extra];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Plain text, unless asked for colours: the lanes' output lands in logs.
    ...(process.env.FORCE_COLOR ? {} : { NO_COLOR: "1" }),
    ...(site
      ? {
          TEST_SITE: JSON.stringify({
            baseUrl: site.baseUrl,
            stationHelperUrl: site.stationHelperUrl,
            icecastUrl: site.icecastUrl,
          }),
        }
      : {}),
  };
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  // Written as it comes, so a lane that hangs or is killed still leaves its log.
  const log = createWriteStream(logPath(lane));
  const chunks: Buffer[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      log.write(chunk);
    });
  }
  return new Promise((resolveRun) => {
    child.on("close", (code, signal) => {
      running.delete(child);
      log.end();
      const seconds = (Date.now() - started) / 1000;
      const status = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n===== ${lane.name}: ${status} in ${seconds.toFixed(1)} s =====\n`);
      const output = Buffer.concat(chunks);
      process.stdout.write(output);
      resolveRun({ lane, code: code ?? 1, seconds, output: output.toString("utf8") });
    });
  });
}

// Stopped from outside (Ctrl-C, a CI timeout): each lane gets the signal and tears its sites
// and stations down before this process ends.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) child.kill(signal);
    process.exitCode = 1;
  });
}

mkdirSync(join(root, "test-results"), { recursive: true });
// No log of an earlier run passes for this one's.
for (const lane of phases.flat()) rmSync(logPath(lane), { force: true });
const started = Date.now();
const results: Result[] = [];
for (const lane of phases.flat()) startEarly(lane);
try {
  for (const phase of phases) {
    results.push(...(await Promise.all(phase.map(run))));
    // A failed or interrupted phase stops here: its output says why.
    if (results.some((r) => r.code !== 0)) break;
  }
} finally {
  // Each site stops whatever another's stop does (one already gone must not hide the summary).
  await Promise.allSettled([...sites.values()].map(async (site) => (await site)?.stop()));
}
// A failed lane's end again, just before the summary: where only the end of the output is kept (a
// CI summary), it still says why, not how the lane beside it passed.
for (const { lane, output } of results.filter((r) => r.code !== 0)) {
  const lines = output.trimEnd().split("\n");
  console.log(`\n----- the end of ${lane.name}'s output (whole in test-results/${lane.name}.log) -----`);
  console.log(lines.slice(-failedTailLines).join("\n"));
}
const total = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nvitest lanes (${total} s):`);
for (const { lane, code, seconds } of results) {
  console.log(`  ${lane.name.padEnd(15)} ${code === 0 ? "passed" : "FAILED"}  ${seconds.toFixed(1)} s`);
}
const ran = new Set(results.map((r) => r.lane.name));
for (const lane of phases.flat()) if (!ran.has(lane.name)) console.log(`  ${lane.name.padEnd(15)} not run`);
process.exitCode = results.every((r) => r.code === 0) && ran.size === phases.flat().length ? 0 : 1;
