// The production bundle on workerd: `wrangler deploy --dry-run --outdir` builds exactly what a
// deploy uploads, and Miniflare runs that file (no `wrangler dev`, no esbuild watcher, no
// proxy in Node) with the bindings wrangler.toml declares: D1, KV, R2, the live room's Durable
// Objects and the static assets. Everything lives in memory and goes with the process.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { convertV4MiniflareOptions, type Json, Miniflare, type V4WorkerdStructuredLog } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from "wrangler";
import { parseEnvFile } from "../env-file.ts";

export type Db = Awaited<ReturnType<Miniflare["getD1Database"]>>;
export type Site = { url: string; db: Db; logs: V4WorkerdStructuredLog[]; stop: () => Promise<void> };

/** Writes the bundle `wrangler deploy` would upload into `outDir`; returns its entry file. */
export function buildBundle(root: string, outDir: string): string {
  execFileSync(
    join(root, "node_modules/.bin/wrangler"),
    // `--env ""` names the top-level environment, which wrangler otherwise warns it assumed.
    ["deploy", "--dry-run", "--env", "", "--outdir", outDir],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return join(outDir, "index.js");
}

/**
 * Starts the bundle on `port` with wrangler.toml's bindings and variables, dev/local.env over
 * them (as `npm start` does) and `vars` over both. Nothing the worker logs is printed (the
 * request log writes a line per request); its warnings and errors are kept for the report.
 */
export async function startSite(
  root: string,
  entry: string,
  port: number,
  vars: Record<string, string>,
  inspectorPort?: number,
): Promise<Site> {
  // The bundle is its ES module and the files wrangler wrote beside it (the share card's
  // resvg wasm and fonts), listed here by type: the import rules have nothing left to do.
  const {
    modulesRules: _,
    bindings,
    ...workerOptions
  } = unstable_getMiniflareWorkerOptions(join(root, "wrangler.toml")).workerOptions;
  const local = Object.entries(parseEnvFile(join(root, "dev/local.env"))).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const logs: V4WorkerdStructuredLog[] = [];
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...workerOptions,
      name: "lounge-radio",
      modules: bundleModules(entry),
      // Module names are paths under this root: workerd refuses one that climbs out of it.
      modulesRoot: dirname(entry),
      bindings: { ...(bindings as Record<string, Json>), ...Object.fromEntries(local), ...vars },
      host: "127.0.0.1",
      port,
      // The fallback `cf` object: Miniflare would otherwise fetch one from the network.
      cf: false,
      // Miniflare's own per-request log line is a development aid, not part of the worker.
      logRequests: false,
      ...(inspectorPort ? { inspectorPort } : {}),
      // A socket straight to the worker, as the edge calls it: Miniflare's entry worker (which
      // adds its own JavaScript to every request, about 40% of the throughput here) stays out.
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
      handleStructuredLogs: (log) => {
        if (logs.length < 10_000 && log.level !== "log" && log.level !== "info") logs.push(log);
      },
    }),
  );
  try {
    await mf.ready;
    const url = (await mf.unsafeGetDirectURL("lounge-radio")).origin;
    const db = await mf.getD1Database("DB");
    await applyMigrations(db, join(root, "schema/migrations"));
    return { url, db, logs, stop: () => mf.dispose() };
  } catch (err) {
    await mf.dispose().catch(() => undefined);
    throw err;
  }
}

/** The entry first, then each other file of the bundle as the module type its extension names. */
function bundleModules(entry: string): { type: "ESModule" | "CompiledWasm" | "Data"; path: string }[] {
  const dir = dirname(entry);
  const typeOf = (name: string) =>
    name.endsWith(".wasm") ? ("CompiledWasm" as const) : name.endsWith(".ttf") ? ("Data" as const) : null;
  const others = readdirSync(dir).flatMap((name) => {
    const type = typeOf(name);
    return type ? [{ type, path: join(dir, name) }] : [];
  });
  return [{ type: "ESModule", path: entry }, ...others];
}

/** Each migration as `wrangler d1 migrations apply` runs it: split by wrangler, one batch per file. */
async function applyMigrations(db: Db, dir: string): Promise<void> {
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    const statements = unstable_splitSqlQuery(readFileSync(join(dir, file), "utf8"));
    await db.batch(statements.map((sql) => db.prepare(sql)));
  }
}
