import { eq, inArray, lt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "#schema/db.ts";
import { rowCounts } from "#schema/db.ts";

function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof createDb>;

// drizzle() walks the whole schema on each call and a request asks several modules for the
// client: one per binding, which holds no per-request state.
const clients = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = createDb(d1);
    clients.set(d1, db);
  }
  return db;
}

/** `rows` in slices of at most `size`: D1 binds at most 100 values a statement. */
export function inSlices<T>(rows: readonly T[], size: number): T[][] {
  const slices: T[][] = [];
  for (let i = 0; i < rows.length; i += size) slices.push(rows.slice(i, i + size));
  return slices;
}

/** The statements as one D1 batch (one transaction); none, nothing sent. */
export async function batchAll(db: Db, statements: BatchItem<"sqlite">[]): Promise<void> {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/**
 * The cron's pruning of a table: rows whose `time` is before `before` go, oldest first, at most
 * `limit` per run. Counted from the deleted rows: D1's meta.changes also counts what triggers do.
 */
export async function deleteOldestBefore(
  db: Db,
  table: SQLiteTable,
  columns: { id: SQLiteColumn; time: SQLiteColumn },
  before: number,
  limit: number,
): Promise<number> {
  const oldest = db
    .select({ id: columns.id })
    .from(table)
    .where(lt(columns.time, new Date(before)))
    .orderBy(columns.time)
    .limit(limit);
  const deleted = await db.delete(table).where(inArray(columns.id, oldest)).returning({ id: columns.id });
  return deleted.length;
}

/** A count the triggers of migration 0009 keep (row_counts): one row read, never the table counted. */
export async function keptRowCount(
  db: Db,
  name: "anonymous_favorites" | "listening_sessions",
): Promise<number> {
  const row = await db.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.name, name)).get();
  return row?.n ?? 0;
}
