// `npm start`: the local radio station (when Icecast and ffmpeg are installed) and
// `wrangler dev` serving the built SPA and the API with local D1, KV and R2.
// The build and the migrations run before this (see package.json).
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { parseEnvFile } from "./env-file.ts";
import { installHint, missingStationTools, type RunningStation, startStation } from "./station/station.ts";

const root = resolve(import.meta.dirname, "..");
const envFile = join(root, "dev/local.env");
const port = Number(process.env.PORT ?? 8787);
const siteUrl = parseEnvFile(envFile).SITE_URL ?? `http://localhost:${port}`;

let station: RunningStation | undefined;
const missing = missingStationTools();
if (missing.length > 0) {
  console.warn(`[start] The local radio station is not running (missing: ${missing.join(", ")}).`);
  console.warn(`[start] ${installHint}`);
  console.warn("[start] The site still runs; the player and now-playing have nothing to play.");
} else {
  station = await startStation({ envFile, wanderingListeners: true }).catch((err: unknown) => {
    console.warn(
      `[start] The local radio station failed to start: ${err instanceof Error ? err.message : err}`,
    );
    return undefined;
  });
}

const wrangler = spawn(
  join(root, "node_modules/.bin/wrangler"),
  [
    "dev",
    "--env-file",
    envFile,
    "--port",
    String(port),
    "--test-scheduled",
    "--show-interactive-dev-session=false",
  ],
  { cwd: root, stdio: "inherit" },
);

// Cron triggers do not fire under `wrangler dev`: run the scheduled handler every minute,
// as production's cron trigger does, so the local track history fills up.
const runCron = () => fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled`).catch(() => undefined);
const cron = setInterval(runCron, 60_000);
// A first run as soon as the worker answers, so the history and /api/health do not wait a minute.
void (async () => {
  for (let attempt = 0; attempt < 30; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    if ((await runCron())?.ok) return;
  }
})();

console.log(`[start] Site and API on ${siteUrl}`);

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  clearInterval(cron);
  wrangler.kill("SIGTERM");
  await station?.stop();
  process.exit(code);
}
wrangler.on("exit", (code) => void shutdown(code ?? 0));
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
