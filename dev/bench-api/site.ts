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
export type Site = {
  /** The site's worker itself, as the edge calls it. */
  url: string;
  /** The same worker behind Miniflare's RPC proxy and static-assets router, as `wrangler dev` calls it. */
  devUrl: string;
  db: Db;
  logs: V4WorkerdStructuredLog[];
  stop: () => Promise<void>;
};

const edgeSocketHolder = "edge-socket";

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
      host: "127.0.0.1",
      port,
      // The fallback `cf` object: Miniflare would otherwise fetch one from the network.
      cf: false,
      // Miniflare's own per-request log line is a development aid, not part of the worker.
      logRequests: false,
      ...(inspectorPort ? { inspectorPort } : {}),
      handleStructuredLogs: (log) => {
        if (logs.length < 10_000 && log.level !== "log" && log.level !== "info") logs.push(log);
      },
      workers: [
        {
          ...workerOptions,
          name: "lounge-radio",
          modules: bundleModules(entry),
          // Module names are paths under this root: workerd refuses one that climbs out of it.
          modulesRoot: dirname(entry),
          bindings: { ...(bindings as Record<string, Json>), ...Object.fromEntries(local), ...vars },
          // The way `wrangler dev` calls the site: Miniflare's RPC proxy worker, then the
          // static-assets router worker (run_worker_first), then the site's worker.
          unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
        },
        {
          // Declares the socket that calls the site's worker itself, as Cloudflare's edge does
          // once its router has sent a request to the worker: a socket declared on the site
          // would go through the proxy and router above, which add two JavaScript workers to
          // every request (ADR 025). Its own script never runs.
          name: edgeSocketHolder,
          modules: true,
          script: "export default { fetch: () => new Response(null, { status: 404 }) };",
          unsafeDirectSockets: [{ host: "127.0.0.1", port: 0, serviceName: "lounge-radio" }],
        },
      ],
    }),
  );
  return whenReady(mf, async () => {
    const url = (await mf.unsafeGetDirectURL(edgeSocketHolder)).origin;
    const devUrl = (await mf.unsafeGetDirectURL("lounge-radio")).origin;
    const db = await mf.getD1Database("DB");
    await applyMigrations(db, join(root, "schema/migrations"));
    return { url, devUrl, db, logs, stop: () => mf.dispose() };
  });
}

/** Waits for `mf`, then `setUp`; workerd goes with the error when either fails. */
async function whenReady<T>(mf: Miniflare, setUp: () => Promise<T>): Promise<T> {
  try {
    await mf.ready;
    return await setUp();
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

/**
 * The runtime's floor: a worker on the same workerd (its own process), with the site's
 * compatibility date and flags, that answers every request with `body` and nothing else (no
 * router, no middleware, no I/O): a lower bound for a worker on this machine. It shows how much of
 * the gap between the static file and now playing is the runtime's and how much the site's
 * worker's (ADR 025).
 */
export async function startRuntimeFloor(
  root: string,
  body: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const { compatibilityDate, compatibilityFlags } = unstable_getMiniflareWorkerOptions(
    join(root, "wrangler.toml"),
  ).workerOptions as { compatibilityDate?: string; compatibilityFlags?: string[] };
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      name: "runtime-floor",
      modules: true,
      script: `export default {
        fetch(request, env) {
          return new Response(env.BODY, {
            headers: [["Content-Type", "application/json"], ["Cache-Control", "public, max-age=5"]],
          });
        },
      };`,
      ...(compatibilityDate ? { compatibilityDate } : {}),
      ...(compatibilityFlags ? { compatibilityFlags } : {}),
      bindings: { BODY: body },
      host: "127.0.0.1",
      port: 0,
      cf: false,
      logRequests: false,
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    }),
  );
  return whenReady(mf, async () => ({
    url: (await mf.unsafeGetDirectURL("runtime-floor")).origin,
    stop: () => mf.dispose(),
  }));
}
