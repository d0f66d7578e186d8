// Starts what `npm start` starts, on free ports and a throw-away state directory: the local
// Icecast station and `wrangler dev` serving the built SPA with local D1, KV and R2. Used by
// the end-to-end tests and the live benchmark.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { parseEnv, promisify } from "node:util";
import { installHint, missingStationTools, startStation } from "./station/station.ts";

const execFileAsync = promisify(execFile);

export const root = resolve(import.meta.dirname, "..");

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject()));
    });
  });
}

/**
 * Starts something on ports chosen free, once more on other ports if it fails: a port free when
 * chosen may be taken before it is bound (by a lane starting beside this one), and one start of
 * several processes on a loaded machine may fail where the next succeeds.
 */
export async function startWithRetry<T>(what: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    console.warn(
      `${what} did not start (${err instanceof Error ? err.message : err}); once more on other ports`,
    );
    return start();
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output()}`);
    try {
      // 503 is an answer too: the health call says "not ok" until the first cron run.
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200 || res.status === 503) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer /api/health within 60 s:\n${output()}`);
}

export type RunningSite = {
  baseUrl: string;
  stationHelperUrl: string;
  icecastUrl: string;
  stop: () => Promise<void>;
};

/**
 * `rotateSeconds`: how often the station changes its title by itself (default 20 s);
 * `vars`: worker variables that override dev/local.env; `streamOrigin`: where the site's stream
 * URLs point instead of the station's Icecast (bench:start's proxy in front of it), same paths.
 */
export type SiteOptions = { rotateSeconds?: number; vars?: Record<string, string>; streamOrigin?: string };

/** The rewind journey's site (the e2e-rewind lane): it records the stream for rewind (ADR 040), as a deployed one does. */
export const rewindSiteVars = { REWIND_MINUTES: "60" };

export function startSite(options: SiteOptions = {}): Promise<RunningSite> {
  return startWithRetry("the local site", () => startSiteOnce(options));
}

async function startSiteOnce(options: SiteOptions): Promise<RunningSite> {
  const missing = missingStationTools();
  if (missing.length > 0)
    throw new Error(
      `End-to-end tests need the local station (missing ${missing.join(", ")}). ${installHint}`,
    );
  if (!existsSync(join(root, "dist/client/index.html"))) {
    execFileSync(join(root, "node_modules/.bin/vite"), ["build"], { cwd: root, stdio: "inherit" });
  }
  const [sitePort, icecastPort, helperPort, inspectorPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  // One process may run several sites (the e2e and e2e-scan projects): each its own state. A
  // counter would not do: vitest loads each project's global setup as a module of its own.
  const siteId = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const stateDir = join(root, `.wrangler/e2e-state-${siteId}`);
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(join(root, ".station"), { recursive: true });
  const envFile = join(root, `.station/e2e-${siteId}.env`);
  const baseUrl = `http://localhost:${sitePort}`;
  const localEnv = readFileSync(join(root, "dev/local.env"), "utf8");
  writeFileSync(
    envFile,
    localEnv
      .replaceAll("http://localhost:8787", baseUrl)
      .replaceAll("127.0.0.1:8000", `127.0.0.1:${icecastPort}`)
      .replaceAll("127.0.0.1:8001", `127.0.0.1:${helperPort}`)
      // No rewind recorders unless asked: each holds a connection per mount, which the
      // listener counts of the station's specs would see.
      .concat(
        ...Object.entries({ REWIND_MINUTES: "0", ...options.vars }).map(
          ([name, value]) => `\n${name}=${value}\n`,
        ),
      ),
  );

  // Both at once, and the migration asynchronously: the station's tone generator feeds ffmpeg
  // from this process, and Icecast drops a feed that sends nothing for 10 s (a busy machine's
  // blocking migration did that, and the station went silent for the rest of the run).
  const wranglerBin = join(root, "node_modules/.bin/wrangler");
  const migrated = execFileAsync(
    wranglerBin,
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir],
    { cwd: root, env: { ...process.env, CI: "true" } },
  );
  const [station, migration] = await Promise.allSettled([
    startStation({
      envFile,
      log: () => {},
      ...(options.rotateSeconds ? { rotateSeconds: options.rotateSeconds } : {}),
    }),
    migrated,
  ]);
  if (station.status === "rejected" || migration.status === "rejected") {
    if (station.status === "fulfilled") await station.value.stop();
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(envFile, { force: true });
    throw station.status === "rejected" ? station.reason : (migration as PromiseRejectedResult).reason;
  }
  // Given to wrangler alone (its --var wins over the env file): the station reads its ports there.
  const streamVars = options.streamOrigin
    ? Object.entries(parseEnv(localEnv))
        .filter(([name]) => name.startsWith("STREAM_URL_"))
        .flatMap(([name, url]) => [
          "--var",
          `${name}:${options.streamOrigin}${new URL(String(url)).pathname}`,
        ])
    : [];
  let output = "";
  const wrangler = spawn(
    wranglerBin,
    [
      "dev",
      "--env-file",
      envFile,
      "--port",
      String(sitePort),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      stateDir,
      "--test-scheduled",
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
      ...streamVars,
    ],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  wrangler.stdout?.on("data", (chunk) => (output += chunk));
  wrangler.stderr?.on("data", (chunk) => (output += chunk));
  // wrangler is detached (its own process group): were this process to end before stop() (a
  // browser library's Ctrl-C handler calls process.exit), it would outlive it.
  const killOnExit = () => {
    try {
      if (wrangler.exitCode === null && wrangler.pid) process.kill(-wrangler.pid, "SIGKILL");
    } catch {
      // gone already
    }
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(envFile, { force: true });
  };
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (wrangler.exitCode === null && wrangler.pid) {
      const exited = new Promise((r) => wrangler.once("exit", r));
      process.kill(-wrangler.pid, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (wrangler.exitCode === null) process.kill(-wrangler.pid, "SIGKILL");
    }
    await station.value.stop();
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(envFile, { force: true });
  };
  try {
    await waitForHealth(baseUrl, wrangler, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    baseUrl,
    stationHelperUrl: station.value.helperUrl,
    icecastUrl: station.value.icecastUrl,
    stop,
  };
}
