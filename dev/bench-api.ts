// `npm run bench:api [-- --duration S --connections N --warmup S --runs R --rows N --no-build
// --profile PATH]`: a benchmark of the API, not a test (it never fails on the figures, only when
// a target answers anything but 2xx). The production bundle (`wrangler deploy --dry-run --outdir`)
// runs on workerd through Miniflare's API, called as the edge calls the worker (ADR 025), with
// 30,000 track_history rows and one page; autocannon loads each target in turn (with
// --connections at once, then alone), next to a plain node:http server serving now playing's JSON
// as a static file and a worker on the same workerd (its own process) that answers that JSON as
// a constant (the runtime's floor). Prints req/s, p50 and p99 per target and the static file's
// throughput over now playing's, as the runtime's factor times the site's worker's.
// `--profile /api/stats` also records a CPU profile of the worker while that target is loaded.
import { execFileSync, fork } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { fakeStreamTitle, startFakeIcecast } from "./bench-api/fake-icecast.ts";
import { type LoadOptions, medianRate, type Row, startLoader, table } from "./bench-api/load.ts";
import { startProfile, topSelfTime } from "./bench-api/profile.ts";
import { pageSlug, seedHistory, seedInsights, seedPage } from "./bench-api/seed.ts";
import { buildBundle, startRuntimeFloor, startSite } from "./bench-api/site.ts";
import { freePort, root } from "./local-site.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    runs: { type: "string", default: "1" },
    rows: { type: "string", default: "30000" },
    "no-build": { type: "boolean", default: false },
    profile: { type: "string" },
  },
});
const load: LoadOptions = {
  connections: Number(values.connections),
  seconds: Number(values.duration),
  warmupSeconds: Number(values.warmup),
};
const runs = Number(values.runs);
const rows = Number(values.rows);
const log = (line: string) => console.log(`bench:api: ${line}`);

if (!values["no-build"]) {
  log("npm run build ...");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
if (!existsSync(join(root, "dist/client/index.html"))) throw new Error("bench: dist/client is not built");

const work = mkdtempSync(join(tmpdir(), "bench-api-"));
const cleanups: (() => unknown)[] = [() => rmSync(work, { recursive: true, force: true })];
try {
  log("wrangler deploy --dry-run --outdir ...");
  const entry = buildBundle(root, join(work, "bundle"));
  const icecast = await startFakeIcecast();
  cleanups.unshift(icecast.close);
  const port = await freePort();
  const inspectorPort = values.profile ? await freePort() : undefined;
  const site = await startSite(
    root,
    entry,
    port,
    {
      SITE_URL: `http://127.0.0.1:${port}`,
      RADIO_SOURCE: "icecast",
      RADIO_METADATA_URL: icecast.url,
      RADIO_MOUNT: "/hd",
      NEXT_TRACK_URL: "",
    },
    inspectorPort,
  );
  cleanups.unshift(site.stop);
  await seedHistory(site.db, rows);
  await seedPage(site.db);
  await seedInsights(site.db);
  // The insights are the admin's: logged in with the documented local password (dev/local.env).
  const login = await fetch(`${site.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url },
    body: JSON.stringify({ username: "admin", password: "lounge-admin" }),
  });
  if (!login.ok) throw new Error(`bench: the admin login answered ${login.status}`);
  const admin = {
    Cookie: login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };

  // Now playing answers the recorded track until the live room has read the host once.
  const nowPlaying = `${site.url}/api/radio/now-playing`;
  const playing = fakeStreamTitle.split(" - ")[1] ?? fakeStreamTitle;
  let body = "";
  for (const deadline = Date.now() + 30_000; !body.includes(playing); ) {
    if (Date.now() > deadline) throw new Error(`bench: the live room never read the radio host: ${body}`);
    await new Promise((r) => setTimeout(r, 250));
    body = await (await fetch(nowPlaying)).text();
  }
  writeFileSync(join(work, "now-playing.json"), body);
  const server = fork(join(import.meta.dirname, "bench-api/static-server.ts"), [
    join(work, "now-playing.json"),
  ]);
  cleanups.unshift(() => server.connected && server.disconnect());
  const staticPort = await new Promise<number>((resolve, reject) => {
    server.once("message", (m) => resolve((m as { port: number }).port));
    server.once("exit", (code) => reject(new Error(`bench: the static server exited (${code})`)));
  });

  const floor = await startRuntimeFloor(root, body);
  cleanups.unshift(floor.stop);

  const staticFile = "static file (node:http)";
  const runtimeFloor = "workerd floor (constant answer)";
  const nowPlayingDirect = "/api/radio/now-playing";
  const nowPlayingViaDev = "/api/radio/now-playing, via the local router";
  const targets: [string, string, Record<string, string>?][] = [
    [staticFile, `http://127.0.0.1:${staticPort}/now-playing.json`],
    [runtimeFloor, `${floor.url}/`],
    [nowPlayingDirect, nowPlaying],
    [nowPlayingViaDev, `${site.devUrl}/api/radio/now-playing`],
    ["/api/track-history", `${site.url}/api/track-history`],
    ["/api/stats", `${site.url}/api/stats`],
    [`/api/pages/by-slug/${pageSlug}`, `${site.url}/api/pages/by-slug/${pageSlug}`],
    ["/ (HTML document)", `${site.url}/`],
    ...(["24h", "90d"] as const).map((range): [string, string, Record<string, string>] => [
      `/api/insights?range=${range} (admin)`,
      `${site.url}/api/insights?range=${range}`,
      admin,
    ]),
  ];
  for (const [name, url, headers] of targets) {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`bench: ${name} answered ${res.status} before the load`);
  }

  console.log(
    `\nbench:api: production bundle on workerd (Miniflare, in-memory D1/KV/R2/Durable Objects; ` +
      `requests go straight to the site's worker, as Cloudflare's edge calls it once its static-assets ` +
      `router has chosen the worker; the row "via the local router" goes through Miniflare's RPC proxy ` +
      `and that router, two more workers on the path \`wrangler dev\` uses, which also adds ` +
      `Miniflare's entry worker), ` +
      `${rows.toLocaleString("en")} track_history rows and 90 days of insights (ADR 021); autocannon loads each target with ` +
      `${load.connections} connections, then alone (one connection); ${load.warmupSeconds} s warm-up ` +
      `+ ${load.seconds} s each, ${runs} run(s).\n` +
      `bench:api: autocannon (its own process), workerd and the static server share this machine's ` +
      `${availableParallelism()} cores: compare rows with each other, not with production.\n` +
      `bench:api: now playing is measured on its cache path: the isolate's copy of the live room's ` +
      `state (1 s, worker/live/index.ts), so at most one Durable Object call a second; the room ` +
      `reads the (fake) radio host every LIVE_POLL_SECONDS, never per request.\n`,
  );
  const loader = startLoader();
  cleanups.unshift(loader.stop);
  const measure = loader.measure;
  const results: Row[] = targets.map(([target]) => ({ target, load: [], alone: [] }));
  const alone: LoadOptions = { ...load, connections: 1 };
  let hostReadsDuringNowPlaying = 0;
  for (let run = 0; run < runs; run++) {
    for (const [i, [name, url, headers]] of targets.entries()) {
      log(`run ${run + 1}/${runs}: ${name}`);
      const readsBefore = icecast.reads();
      // Only the site's worker is profiled: the floor, the static file and the row through the
      // local router are other processes or other workers.
      const profiled =
        inspectorPort && run === 0 && url.startsWith(site.url) && new URL(url).pathname === values.profile;
      const stopProfile = profiled ? await startProfile(inspectorPort, "lounge-radio") : undefined;
      results[i]?.load.push(await measure(url, load, headers));
      if (stopProfile) {
        const profile = await stopProfile();
        const file = join(root, "bench-results", `api${name.split(" ")[0]?.replaceAll("/", "-")}.cpuprofile`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify(profile));
        log(`CPU profile of the worker under ${name}: ${file}\n${topSelfTime(profile)}`);
      }
      if (url === nowPlaying) hostReadsDuringNowPlaying += icecast.reads() - readsBefore;
      results[i]?.alone.push(await measure(url, alone, headers));
    }
  }

  console.log(`\n${table(results, load.connections)}\n`);
  const rate = (target: string) => medianRate(results.find((row) => row.target === target));
  const ratio = (a: string, b: string) => `${(rate(a) / rate(b)).toFixed(2)}x`;
  console.log(
    `static file / now-playing throughput: ${ratio(staticFile, nowPlayingDirect)} (goal: within 3x)`,
  );
  console.log(
    `  = static file / workerd floor (the runtime): ${ratio(staticFile, runtimeFloor)}` +
      ` × workerd floor / now-playing (the site's worker): ${ratio(runtimeFloor, nowPlayingDirect)}`,
  );
  const slow = results
    .filter((row) => ![staticFile, runtimeFloor, nowPlayingViaDev].includes(row.target))
    .filter((row) => row.alone.some((r) => r.p99 >= 20))
    .map((row) => row.target);
  console.log(
    `p99 under 20 ms alone, in every run (goal): ${slow.length === 0 ? "every target" : `not ${slow.join(", ")}`}`,
  );
  const nowPlayingSeconds = runs * (load.seconds + load.warmupSeconds);
  console.log(
    `radio host reads while now-playing was loaded: ${hostReadsDuringNowPlaying} in ~${nowPlayingSeconds} s`,
  );
  if (site.logs.length > 0)
    console.log(`worker warnings/errors: ${site.logs.length}, first: ${site.logs[0]?.message.slice(0, 300)}`);

  const failed = results.flatMap((row) =>
    [...row.load, ...row.alone].flatMap((r) => r.problems.map((p) => `${row.target}: ${p}`)),
  );
  for (const problem of failed) console.error(`bench:api: ${problem}`);
  if (failed.length > 0) process.exitCode = 1;
} finally {
  for (const cleanup of cleanups)
    await Promise.resolve()
      .then(cleanup)
      .catch((err: unknown) => console.error(`bench:api: cleaning up: ${String(err)}`));
}
