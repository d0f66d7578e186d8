// What a backup or restore needs from a database and a bucket; `local.ts` does it with
// Miniflare on wrangler's local state, `remote.ts` with wrangler and the Cloudflare API.
import { isInternalTable, quoteIdent, type RestorePlan } from "./plan.ts";

export type StoredObject = { key: string; size: number; contentType: string | null };

export interface Store {
  /** Writes the database as SQL (what `wrangler d1 export` writes) to `file`. */
  exportDatabase(file: string): Promise<void>;
  /** Rows per table, without SQLite's and Cloudflare's internal tables. */
  tableCounts(): Promise<Record<string, number>>;
  /** Runs statements that change nothing: the rows of each, in order. */
  query(statements: string[]): Promise<Record<string, unknown>[][]>;
  /** Drops every table, view and trigger, then runs the plan's statements (`replacement`). */
  replaceDatabase(plan: RestorePlan): Promise<void>;
  listObjects(): Promise<StoredObject[]>;
  downloadObject(key: string, file: string): Promise<void>;
  uploadObject(key: string, file: string, contentType: string | null): Promise<void>;
  close(): Promise<void>;
}

/** The tables a backup counts: not SQLite's (`sqlite_*`) nor D1's internal ones (`_cf_*`). */
export const userTablesSql =
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT GLOB 'sqlite_*' AND name NOT GLOB '_cf_*' ORDER BY name";

export const schemaObjectsSql = "SELECT type, name FROM sqlite_master";

/**
 * One `SELECT name, n` per table (D1 caps the terms of a compound SELECT, so no UNION ALL): run
 * as one batch locally, as one `--command` remotely.
 */
export function countRowsStatements(tables: string[]): string[] {
  return tables.map(
    (t) => `SELECT '${t.replaceAll("'", "''")}' AS name, count(*) AS n FROM ${quoteIdent(t)}`,
  );
}

/**
 * What replaces a database's content with a restore plan: every trigger dropped first (so none
 * fires while tables go), then views, then tables, children before their parents (indexes go
 * with their tables), then the plan. Tables the backup does not have go before those it has: a
 * table added by a newer migration is more likely to name an older one than the other way round.
 * Foreign keys are deferred to the commit where D1 runs it as one transaction; the order makes
 * that unnecessary where it does not (ADR 029).
 */
export function replacement(objects: { type: string; name: string }[], plan: RestorePlan): string[] {
  const ours = objects.filter((o) => !isInternalTable(o.name));
  const named = (type: string) => ours.filter((o) => o.type === type).map((o) => o.name);
  const childrenFirst = [...plan.tableOrder].reverse();
  const tables = named("table").sort((a, b) => childrenFirst.indexOf(a) - childrenFirst.indexOf(b));
  return [
    "PRAGMA defer_foreign_keys = TRUE",
    ...named("trigger").map((n) => `DROP TRIGGER IF EXISTS ${quoteIdent(n)}`),
    ...named("view").map((n) => `DROP VIEW IF EXISTS ${quoteIdent(n)}`),
    ...tables.map((n) => `DROP TABLE IF EXISTS ${quoteIdent(n)}`),
    ...plan.statements,
  ];
}
