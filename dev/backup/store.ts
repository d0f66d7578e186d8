// What a backup or restore needs from a database and a bucket; `local.ts` does it with
// Miniflare on wrangler's local state, `remote.ts` with wrangler and the Cloudflare API.

export type StoredObject = { key: string; size: number; contentType: string | null };

export interface Store {
  /** Writes the database as SQL (what `wrangler d1 export` writes) to `file`. */
  exportDatabase(file: string): Promise<void>;
  /** Rows per table, without SQLite's and Cloudflare's internal tables. */
  tableCounts(): Promise<Record<string, number>>;
  /** Drops every table, view and trigger, then runs `sql` (an export). */
  replaceDatabase(sql: string): Promise<void>;
  listObjects(): Promise<StoredObject[]>;
  downloadObject(key: string, file: string): Promise<void>;
  uploadObject(key: string, file: string, contentType: string | null): Promise<void>;
  close(): Promise<void>;
}

/** The tables a backup counts: not SQLite's (`sqlite_*`) nor D1's internal ones (`_cf_*`). */
export const userTablesSql =
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT GLOB 'sqlite_*' AND name NOT GLOB '_cf_*' ORDER BY name";

export const schemaObjectsSql = "SELECT type, name FROM sqlite_master";

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

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
 * Statements that empty the database before an export is loaded into it: triggers first (so no
 * trigger fires while tables go), then views, then tables; indexes go with their tables. The
 * export recreates everything, `d1_migrations` included, and creates the triggers after its rows,
 * so the restored stats tables hold exactly the backed-up rows.
 */
export function dropEverything(objects: { type: string; name: string }[]): string[] {
  const ours = objects.filter((o) => !o.name.startsWith("sqlite_") && !o.name.startsWith("_cf_"));
  const drops = ["trigger", "view", "table"].flatMap((type) =>
    ours
      .filter((o) => o.type === type)
      .map((o) => `DROP ${type.toUpperCase()} IF EXISTS ${quoteIdent(o.name)}`),
  );
  // Foreign keys are checked at commit, when both sides are gone or back.
  return drops.length > 0 ? ["PRAGMA defer_foreign_keys = TRUE", ...drops] : [];
}
