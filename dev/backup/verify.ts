// A backup restored into a throw-away local database and checked: what `npm run backup:verify`
// does, and what `npm run restore` does before it changes anything, so that a backup that would
// not come back whole is refused while the database is still as it was (ADR 029). The foreign
// keys that order the restore are read here too, from the backup's own tables.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Check, checkForeignKeys, checkListeningStats, compareCounts } from "./checks.ts";
import { openLocalStore } from "./local.ts";
import { insideDir, type Manifest } from "./manifest.ts";
import {
  type ExportParts,
  type ForeignKey,
  foreignKeyStatements,
  type RestorePlan,
  readExport,
  restorePlan,
  tableChecksums,
} from "./plan.ts";
import type { Store } from "./store.ts";
import type { Target } from "./target.ts";

export type Rehearsal = Check & {
  /** The order the backup's statements restore in; the real restore runs the same. */
  plan: RestorePlan;
  /** Where the listening stats differ from the history in the backup itself. */
  statsProblems: string[];
};

/** Each table's foreign keys, read by PRAGMA foreign_key_list from a database that has the tables. */
export async function readForeignKeys(store: Store, tables: string[]): Promise<ForeignKey[]> {
  const answers = await store.query(foreignKeyStatements(tables));
  return tables.flatMap((table, i) =>
    (answers[i] ?? []).map((row) => ({ table, parent: String(row.table) })),
  );
}

/** The plan for `parts`: its tables created in `store` (emptied first), their foreign keys read back. */
export async function planRestore(store: Store, parts: ExportParts): Promise<RestorePlan> {
  await store.replaceDatabase({ tableOrder: [], statements: parts.tables.map((t) => t.sql) });
  return restorePlan(
    parts,
    await readForeignKeys(
      store,
      parts.tables.map((t) => t.name),
    ),
  );
}

function compareChecksums(expected: Record<string, string>, found: Record<string, string>): string[] {
  return Object.keys(expected)
    .filter((table) => found[table] !== expected[table])
    .map((table) => `d1: the rows of ${table} differ from d1.sql's after the round trip`);
}

/**
 * Restores the backup's database into an empty local one in a temporary directory and checks it:
 * the row counts against the manifest, each table's rows against d1.sql (a SHA-256 of the rows as
 * an export writes them), the foreign keys, and the listening stats against the history. The
 * images are not copied: loadBackup has checked each file's size and SHA-256.
 */
export async function rehearseRestore(dir: string, manifest: Manifest, target: Target): Promise<Rehearsal> {
  const parts = readExport(readFileSync(insideDir(dir, manifest.d1.file), "utf8"));
  const scratch = mkdtempSync(join(tmpdir(), "lounge-verify-"));
  const store = await openLocalStore(target, scratch);
  try {
    const plan = await planRestore(store, parts);
    try {
      await store.replaceDatabase(plan);
    } catch (err) {
      throw new Error(
        `${manifest.d1.file} does not load into an empty database: ${err instanceof Error ? err.message : err}`,
      );
    }
    const counts = await store.tableCounts();
    const exported = join(scratch, "round-trip.sql");
    await store.exportDatabase(exported);
    const problems = [
      ...compareCounts(counts, manifest.d1.tables),
      ...compareChecksums(tableChecksums(parts), tableChecksums(readExport(readFileSync(exported, "utf8")))),
    ];
    const foreignKeys = await checkForeignKeys(store);
    const stats = await checkListeningStats(store, Object.keys(counts));
    const tables = Object.keys(manifest.d1.tables).length;
    const rows = Object.values(manifest.d1.tables).reduce((a, b) => a + b, 0);
    const summary = [
      problems.length === 0
        ? `d1: ${tables} tables, ${rows} rows, as in the manifest; each table's rows as in d1.sql (SHA-256)`
        : `d1: ${tables} tables, ${rows} rows expected; ${problems.length} differences`,
      ...foreignKeys.summary,
      ...stats.summary,
      `r2: ${manifest.r2.objects.length} objects, each file's size and SHA-256 as in the manifest`,
    ];
    return {
      plan,
      summary,
      problems: [...problems, ...foreignKeys.problems],
      statsProblems: stats.problems,
    };
  } finally {
    await store.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
