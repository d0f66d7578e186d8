// The deployed database and bucket: wrangler for D1 and for each object's bytes, the Cloudflare
// API for the bucket's listing (wrangler has no command that lists objects). The command runner
// and fetch are parameters so tests can answer for Cloudflare.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  countRowsStatements,
  replacement,
  type Store,
  type StoredObject,
  schemaObjectsSql,
  userTablesSql,
} from "./store.ts";
import { root, type Target } from "./target.ts";

/** Runs wrangler with these arguments; resolves with its standard output. */
export type Runner = (args: string[]) => Promise<string>;
export type Fetch = (
  url: string,
  init: { headers: Record<string, string> },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
export type Credentials = { apiToken: string; accountId: string };

export const apiBase = "https://api.cloudflare.com/client/v4";

/** The API token and account id the bucket listing needs, or an error naming what is missing. */
export function remoteCredentials(env: Record<string, string | undefined>): Credentials {
  const missing = ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"].filter((name) => !env[name]);
  if (missing.length > 0)
    throw new Error(
      `--remote lists the R2 bucket through the Cloudflare API and needs ${missing.join(" and ")} in the ` +
        "environment (an API token with D1 Edit and Workers R2 Storage Edit, which wrangler then uses too, and the account's id).",
    );
  return { apiToken: env.CLOUDFLARE_API_TOKEN as string, accountId: env.CLOUDFLARE_ACCOUNT_ID as string };
}

type ListPage = {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
  result?: { key?: string; size?: number; http_metadata?: { contentType?: string } }[];
  result_info?: { cursor?: string; is_truncated?: boolean };
};

/**
 * Every object in the bucket: GET /accounts/{account_id}/r2/buckets/{bucket}/objects, following
 * `result_info.cursor` until a page has none.
 */
export async function listRemoteObjects(
  fetchFn: Fetch,
  credentials: Credentials,
  bucket: string,
  jurisdiction: string | null = null,
): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const url = new URL(
      `${apiBase}/accounts/${encodeURIComponent(credentials.accountId)}/r2/buckets/${encodeURIComponent(bucket)}/objects`,
    );
    url.searchParams.set("per_page", "1000");
    if (cursor) url.searchParams.set("cursor", cursor);
    const response = await fetchFn(url.toString(), {
      headers: {
        Authorization: `Bearer ${credentials.apiToken}`,
        ...(jurisdiction ? { "cf-r2-jurisdiction": jurisdiction } : {}),
      },
    });
    const page = (await response.json().catch(() => ({}))) as ListPage;
    if (!response.ok || page.success === false || !Array.isArray(page.result)) {
      const why = page.errors?.map((e) => `${e.message} (${e.code})`).join("; ") || "no JSON answer";
      throw new Error(`Listing R2 bucket ${bucket} failed with HTTP ${response.status}: ${why}`);
    }
    for (const o of page.result) {
      if (typeof o.key !== "string" || typeof o.size !== "number")
        throw new Error(`Listing R2 bucket ${bucket}: an object without key or size`);
      objects.push({ key: o.key, size: o.size, contentType: o.http_metadata?.contentType ?? null });
    }
    cursor = page.result_info?.is_truncated === false ? undefined : page.result_info?.cursor || undefined;
    if (cursor && seen.has(cursor)) throw new Error(`Listing R2 bucket ${bucket}: the API repeated a cursor`);
    if (cursor) seen.add(cursor);
  } while (cursor);
  return objects;
}

/** `wrangler d1 execute --json` answers an array with one `{ results }` per statement: each one's rows. */
export function jsonResults(stdout: string): Record<string, unknown>[][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    // Anything wrangler printed before the JSON (a warning) ends before a line that opens it.
    const start = stdout.search(/^\[/m);
    parsed = start >= 0 ? JSON.parse(stdout.slice(start)) : undefined;
  }
  if (!Array.isArray(parsed)) throw new Error("wrangler d1 execute --json did not answer a JSON array");
  return (parsed as { results?: Record<string, unknown>[] }[]).map((r) => r.results ?? []);
}

/** Every statement's rows in one list. */
export function jsonRows<T>(stdout: string): T[] {
  return jsonResults(stdout).flat() as T[];
}

/** The real runner: node_modules/.bin/wrangler in the repository, its output captured. */
export const wranglerRunner: Runner = (args) =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(join(root, "node_modules/.bin/wrangler"), args, {
      cwd: root,
      stdio: ["inherit", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0
        ? resolvePromise(out)
        : reject(
            new Error(`wrangler ${args.slice(0, 3).join(" ")} exited with ${code}:\n${out.slice(-2000)}`),
          ),
    );
  });

export function openRemoteStore(options: {
  target: Target;
  credentials: Credentials;
  run?: Runner;
  fetch?: Fetch;
}): Store {
  const { target, credentials } = options;
  const run = options.run ?? wranglerRunner;
  const fetchFn = options.fetch ?? (fetch as unknown as Fetch);
  const envArgs = target.env ? ["--env", target.env] : [];
  const r2Args = [...(target.jurisdiction ? ["--jurisdiction", target.jurisdiction] : []), ...envArgs];
  const db = target.d1Binding;
  const execute = (sql: string) =>
    run(["d1", "execute", db, "--remote", "--json", "--command", sql, ...envArgs]);
  const rowsOf = async <T>(sql: string) => jsonRows<T>(await execute(sql));

  return {
    async exportDatabase(file) {
      await run(["d1", "export", db, "--remote", "--output", file, ...envArgs]);
    },

    async tableCounts() {
      const tables = (await rowsOf<{ name: string }>(userTablesSql)).map((r) => r.name);
      if (tables.length === 0) return {};
      const rows = await rowsOf<{ name: string; n: number }>(countRowsStatements(tables).join(";\n"));
      return Object.fromEntries(rows.map((r) => [r.name, r.n]));
    },

    async query(statements) {
      if (statements.length === 0) return [];
      return jsonResults(await execute(statements.join(";\n")));
    },

    async replaceDatabase(plan) {
      const objects = await rowsOf<{ type: string; name: string }>(schemaObjectsSql);
      const dir = mkdtempSync(join(tmpdir(), "lounge-restore-"));
      try {
        const file = join(dir, "restore.sql");
        writeFileSync(
          file,
          replacement(objects, plan)
            .map((s) => `${s};\n`)
            .join(""),
        );
        await run(["d1", "execute", db, "--remote", "--yes", "--file", file, ...envArgs]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },

    listObjects: () => listRemoteObjects(fetchFn, credentials, target.bucketName, target.jurisdiction),

    async downloadObject(key, file) {
      await run([
        "r2",
        "object",
        "get",
        `${target.bucketName}/${key}`,
        "--remote",
        "--file",
        file,
        ...r2Args,
      ]);
    },

    async uploadObject(key, file, contentType) {
      const type = contentType ? ["--content-type", contentType] : [];
      await run([
        "r2",
        "object",
        "put",
        `${target.bucketName}/${key}`,
        "--remote",
        "--file",
        file,
        ...type,
        ...r2Args,
      ]);
    },

    close: async () => {},
  };
}
