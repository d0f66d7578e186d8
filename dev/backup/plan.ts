// The order a restore runs a backup's `d1.sql` in (ADR 029). `wrangler d1 export` writes each
// table's rows right after its CREATE TABLE, in the order SQLite lists the tables, so a row can
// come before the table its foreign key names; D1 cannot switch foreign keys off, and
// `defer_foreign_keys` defers violations, not a missing table. The restore therefore creates
// every table first, then inserts the rows table by table with each table's parents (from its
// foreign keys) before it, then SQLite's bookkeeping rows, the indexes, views and, last, the
// triggers, so that no trigger counts a restored row again.
import { createHash } from "node:crypto";
import { unstable_splitSqlQuery } from "wrangler";

/** The statements of an export, sorted by what they do. */
export type ExportParts = {
  /** Every CREATE TABLE, in the export's order. */
  tables: { name: string; sql: string }[];
  /** Each table's INSERTs, in the export's order. */
  rows: Map<string, string[]>;
  /** sqlite_sequence (AUTOINCREMENT counters) and ANALYZE's statistics: after every row. */
  bookkeeping: string[];
  indexes: string[];
  views: string[];
  triggers: string[];
};

/** A restore: the tables parents first, and every statement to run after the drops. */
export type RestorePlan = { tableOrder: string[]; statements: string[] };

/** A foreign key of `table` that names `parent`, as PRAGMA foreign_key_list reports it. */
export type ForeignKey = { table: string; parent: string };

const identifier = String.raw`(?:"((?:[^"]|"")+)"|\x60([^\x60]+)\x60|\[([^\]]+)\]|([A-Za-z_][\w$]*))`;
const createTable = new RegExp(String.raw`^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?${identifier}`, "i");
const insertInto = new RegExp(String.raw`^INSERT\s+INTO\s+${identifier}`, "i");

function identifierName(match: RegExpExecArray): string {
  return (match[1]?.replaceAll('""', '"') ?? match[2] ?? match[3] ?? match[4]) as string;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Tables SQLite and D1 keep for themselves; an export never creates them. */
export const isInternalTable = (name: string) => name.startsWith("sqlite_") || name.startsWith("_cf_");

/**
 * Sorts an export's statements. Throws, naming the statement, on anything `wrangler d1 export`
 * does not write, so a file the restore could not order is refused before anything changes.
 */
export function readExport(sql: string): ExportParts {
  const parts: ExportParts = {
    tables: [],
    rows: new Map(),
    bookkeeping: [],
    indexes: [],
    views: [],
    triggers: [],
  };
  for (const [i, statement] of unstable_splitSqlQuery(sql).entries()) {
    const created = createTable.exec(statement);
    if (created) {
      const name = identifierName(created);
      if (isInternalTable(name)) throw unexpected(i, statement);
      parts.tables.push({ name, sql: statement });
      parts.rows.set(name, []);
      continue;
    }
    const inserted = insertInto.exec(statement);
    if (inserted) {
      const name = identifierName(inserted);
      if (isInternalTable(name)) parts.bookkeeping.push(statement);
      else if (parts.rows.has(name)) parts.rows.get(name)?.push(statement);
      else throw new Error(`d1.sql inserts into ${name} before any CREATE TABLE of it (statement ${i + 1})`);
      continue;
    }
    if (/^PRAGMA\s+defer_foreign_keys\b/i.test(statement)) continue;
    if (/^DELETE\s+FROM\s+"?sqlite_sequence"?\s*$/i.test(statement) || /^ANALYZE\b/i.test(statement))
      parts.bookkeeping.push(statement);
    else if (/^CREATE\s+(UNIQUE\s+)?INDEX\b/i.test(statement)) parts.indexes.push(statement);
    else if (/^CREATE\s+(TEMP\s+|TEMPORARY\s+)?VIEW\b/i.test(statement)) parts.views.push(statement);
    else if (/^CREATE\s+(TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(statement)) parts.triggers.push(statement);
    else throw unexpected(i, statement);
  }
  return parts;
}

function unexpected(i: number, statement: string): Error {
  const shown = statement.length > 80 ? `${statement.slice(0, 80)}…` : statement;
  return new Error(`d1.sql statement ${i + 1} is not one that \`wrangler d1 export\` writes: ${shown}`);
}

/** One PRAGMA per table: its foreign keys (`table` is the parent) in a database that has it. */
export function foreignKeyStatements(tables: string[]): string[] {
  return tables.map((t) => `PRAGMA foreign_key_list(${quoteIdent(t)})`);
}

/**
 * The tables in the given order, except that each table's parents (the tables its foreign keys
 * name) are moved just before it. A table that names itself, or a cycle, is placed once: those
 * rows rely on `defer_foreign_keys` within the restore's transaction.
 */
export function parentsFirst(tables: string[], foreignKeys: ForeignKey[]): string[] {
  const parents = new Map(tables.map((t) => [t, [] as string[]]));
  for (const { table, parent } of foreignKeys)
    if (parents.has(parent) && table !== parent) parents.get(table)?.push(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) place(parent);
    visiting.delete(table);
    placed.add(table);
    order.push(table);
  };
  for (const table of tables) place(table);
  return order;
}

/** Everything a restore runs after emptying the database, in order. */
export function restorePlan(parts: ExportParts, foreignKeys: ForeignKey[]): RestorePlan {
  const tableOrder = parentsFirst(
    parts.tables.map((t) => t.name),
    foreignKeys,
  );
  return {
    tableOrder,
    statements: [
      ...parts.tables.map((t) => t.sql),
      ...tableOrder.flatMap((t) => parts.rows.get(t) ?? []),
      ...parts.bookkeeping,
      ...parts.indexes,
      ...parts.views,
      ...parts.triggers,
    ],
  };
}

/**
 * A SHA-256 per table of its rows as an export writes them, in any order: equal for two exports
 * of the same rows, whatever order they list the rows or the tables in.
 */
export function tableChecksums(parts: ExportParts): Record<string, string> {
  return Object.fromEntries(
    [...parts.rows].map(([table, rows]) => [
      table,
      createHash("sha256")
        .update([...rows].sort().join("\n"))
        .digest("hex"),
    ]),
  );
}
