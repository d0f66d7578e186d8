// Which database and bucket a backup or restore acts on, read from wrangler.toml by wrangler
// itself (so `--env NAME` means what it means to `wrangler deploy --env NAME`).
import { isAbsolute, relative, resolve } from "node:path";
import { unstable_readConfig } from "wrangler";

export const root = resolve(import.meta.dirname, "../..");

export type Target = {
  /** The D1 binding wrangler commands name (`DB`). */
  d1Binding: string;
  databaseName: string;
  /** The id the local database is stored under (what `wrangler dev` and `d1 execute --local` use). */
  localDatabaseId: string;
  bucketName: string;
  jurisdiction: string | null;
  env: string | null;
  /** `.wrangler/state` beside wrangler.toml: where wrangler keeps local data by default. */
  defaultPersistTo: string;
};

type D1Entry = {
  binding: string;
  database_name?: string;
  database_id?: string;
  preview_database_id?: string;
};
type R2Entry = { binding: string; bucket_name?: string; jurisdiction?: string };

export function readTarget(env: string | null, configPath = resolve(root, "wrangler.toml")): Target {
  const config = unstable_readConfig({ config: configPath, env: env ?? undefined }, { hideWarnings: true });
  const where = env ? `[env.${env}] of ${configPath}` : configPath;
  // wrangler refuses an unknown --env when the file defines environments, but when it defines
  // none it only warns and carries on with the top-level bindings: refuse that too, so a typo
  // never backs up or overwrites production.
  if (env && !(config.definedEnvironments ?? []).includes(env)) {
    const known = (config.definedEnvironments ?? []).join(", ") || "none";
    throw new Error(`${configPath} has no [env.${env}] section (environments defined: ${known}).`);
  }
  const db = (config.d1_databases as D1Entry[]).find((d) => d.binding === "DB");
  if (!db) throw new Error(`${where} has no D1 database bound as DB ([[d1_databases]] binding = "DB").`);
  const bucket = (config.r2_buckets as R2Entry[]).find((b) => b.binding === "IMAGES");
  if (!bucket?.bucket_name)
    throw new Error(`${where} has no R2 bucket bound as IMAGES ([[r2_buckets]] binding = "IMAGES").`);
  return {
    d1Binding: db.binding,
    databaseName: db.database_name ?? db.binding,
    localDatabaseId: db.preview_database_id ?? db.database_id ?? db.binding,
    bucketName: bucket.bucket_name,
    jurisdiction: bucket.jurisdiction ?? null,
    env,
    defaultPersistTo: resolve(configPath, "../.wrangler/state"),
  };
}

/** A path as messages and manifests show it: relative to the repository when inside it. */
export function shownPath(path: string): string {
  const rel = relative(root, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}
