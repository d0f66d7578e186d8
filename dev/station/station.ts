// The local radio host: a real Icecast 2 server on loopback with three mounts fed by
// ffmpeg from generated audio, a rotating now-playing title, and a small helper server
// that answers the next-track widget format and lets tests drop and restore a feed.
//
// Usage: node dev/station/station.ts [--env-file dev/local.env]
// Ports and mounts are read from the env file's STREAM_URL_* and NEXT_TRACK_URL.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseEnvFile } from "../env-file.ts";
import { createFakeListeners } from "./fake-listeners.ts";
import { createFeeds, type Quality } from "./feeds.ts";
import { startHelperServer } from "./helper-server.ts";
import { icecastConfig } from "./icecast.ts";
import { startupTimeoutMs, waitFor } from "./wait-for.ts";

export type StationOptions = {
  envFile: string;
  /** Seconds between title changes (default 20, or STATION_ROTATE_SECONDS). */
  rotateSeconds?: number;
  /** Send the CORS headers for in-band titles (default on; STATION_ICY_CORS=off as most hosts). */
  icyCors?: boolean;
  /** Let a few invented listeners come and go by themselves (npm start); tests add their own. */
  wanderingListeners?: boolean;
  log?: (line: string) => void;
};

export type RunningStation = {
  icecastUrl: string;
  helperUrl: string;
  stop: () => Promise<void>;
};

const root = resolve(import.meta.dirname, "../..");
/** Icecast's default burst-size: what the site's STREAM_BURST_BYTES defaults to as well. */
export const icecastBurstBytes = 65535;

export function missingStationTools(): string[] {
  return ["icecast2", "ffmpeg"].filter((tool) => {
    try {
      execFileSync("which", [tool], { stdio: "ignore" });
      return false;
    } catch {
      return true;
    }
  });
}

export const installHint =
  "The local radio station needs Icecast 2 and ffmpeg: sudo apt-get install -y icecast2 ffmpeg";

export async function startStation(options: StationOptions): Promise<RunningStation> {
  const log = options.log ?? ((line: string) => console.log(`[station] ${line}`));
  const env = parseEnvFile(options.envFile);
  const streamUrls: Record<Quality, URL> = {
    hd: new URL(env.STREAM_URL_HD ?? "http://127.0.0.1:8000/hd"),
    sd: new URL(env.STREAM_URL_SD ?? "http://127.0.0.1:8000/sd"),
    mobile: new URL(env.STREAM_URL_MOBILE ?? "http://127.0.0.1:8000/mobile"),
  };
  const port = Number(streamUrls.hd.port || 80);
  const helperPort = Number(new URL(env.NEXT_TRACK_URL || "http://127.0.0.1:8001/next-track").port);
  const rotateSeconds = options.rotateSeconds ?? Number(process.env.STATION_ROTATE_SECONDS ?? 20);
  const icecastUrl = `http://127.0.0.1:${port}`;
  const helperUrl = `http://127.0.0.1:${helperPort}`;

  const workDir = join(root, ".station", String(port));
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(join(workDir, "log"), { recursive: true });
  const runningAsRoot = process.getuid?.() === 0;
  if (runningAsRoot) {
    // Icecast refuses to run as root: it drops to nobody, which must be able to write its logs.
    const uid = Number(execFileSync("id", ["-u", "nobody"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "nobody"]).toString().trim());
    chownSync(join(workDir, "log"), uid, gid);
  }
  const sourcePassword = randomBytes(12).toString("hex");
  const adminPassword = randomBytes(12).toString("hex");
  const configPath = join(workDir, "icecast.xml");
  writeFileSync(
    configPath,
    icecastConfig({
      port,
      workDir,
      sourcePassword,
      adminPassword,
      changeOwner: runningAsRoot,
      icyCors: options.icyCors ?? process.env.STATION_ICY_CORS !== "off",
      burstBytes: icecastBurstBytes,
    }),
  );

  const children = new Set<ChildProcess>();
  let stopping = false;
  const icecast = spawn("icecast2", ["-c", configPath], { stdio: ["ignore", "ignore", "pipe"] });
  children.add(icecast);
  icecast.stderr?.on("data", (chunk) => log(`icecast: ${String(chunk).trim()}`));
  icecast.on("exit", (code) => {
    children.delete(icecast);
    if (!stopping) log(`icecast exited unexpectedly (code ${code}); see ${workDir}/log/error.log`);
  });
  const killAll = () => {
    for (const child of children) child.kill("SIGKILL");
  };
  try {
    await waitFor(
      async () => (await fetch(`${icecastUrl}/status-json.xsl`)).ok,
      startupTimeoutMs,
      `Icecast on ${icecastUrl}`,
      // Its port taken meanwhile (free when chosen, by another process since): it exits at once.
      () =>
        icecast.exitCode !== null
          ? `icecast2 exited (code ${icecast.exitCode}); see its error.log`
          : undefined,
    );
  } catch (err) {
    killAll();
    throw err;
  }
  log(`Icecast listening on ${icecastUrl}`);

  const station = createFeeds({ streamUrls, icecastUrl, port, sourcePassword, adminPassword, children, log });
  const feeds = Object.values(station.feeds);
  try {
    await Promise.all(feeds.map(station.startFeed));
  } catch (err) {
    stopping = true;
    station.close();
    killAll();
    throw err;
  }
  log(`mounts ${feeds.map((f) => `${f.mount} (${f.bitrate})`).join(", ")} on air`);
  log(`now playing: ${station.current().artist} - ${station.current().title}`);
  const timer = setInterval(() => {
    station.rotate().catch((err) => log(`rotation failed: ${err}`));
  }, rotateSeconds * 1000);

  const listeners = createFakeListeners(icecastUrl);
  if (options.wanderingListeners) listeners.wander();
  const helper = await startHelperServer(helperUrl, helperPort, station, icecastUrl, listeners);
  log(`next-track widget at ${helperUrl}/next-track`);

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    listeners.stop();
    station.close();
    helper.close();
    const exits = [...children].map(
      (child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r))),
    );
    for (const child of children) child.kill("SIGTERM");
    const killTimer = setTimeout(() => {
      for (const child of children) child.kill("SIGKILL");
    }, 3000);
    await Promise.all(exits);
    clearTimeout(killTimer);
    rmSync(workDir, { recursive: true, force: true });
    log("stopped");
  };
  return { icecastUrl, helperUrl, stop };
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.main) {
  const missing = missingStationTools();
  if (missing.length > 0) {
    console.error(`[station] missing: ${missing.join(", ")}. ${installHint}`);
    process.exit(1);
  }
  const envFile = resolve(argValue("--env-file") ?? join(root, "dev/local.env"));
  if (!existsSync(envFile)) {
    console.error(`[station] no env file at ${envFile}`);
    process.exit(1);
  }
  const station = await startStation({ envFile }).catch((err) => {
    console.error(`[station] failed to start: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  });
  const shutdown = () => {
    station.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
