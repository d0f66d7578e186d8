// A D1 binding that records what the worker asks of it: each prepared statement's SQL, its
// bound parameters and the rows D1 says it read (meta.rows_read, D1's own count).
import { env } from "cloudflare:workers";

export type RecordedStatement = {
  sql: string;
  params: unknown[];
  /** Summed over every run of the statement; undefined until it ran. */
  rowsRead?: number;
  /** A write answered through raw() or first(), which report no meta: its count is unknown. */
  uncounted?: boolean;
};

/** Calls a method on the real object, so workerd's bindings keep their own `this`. */
function forward<T extends object>(target: T, prop: string | symbol): unknown {
  const value = Reflect.get(target, prop);
  return typeof value === "function" ? value.bind(target) : value;
}

type Meta = { meta?: { rows_read?: number } };

function count(statement: RecordedStatement, result: Meta): void {
  statement.rowsRead = (statement.rowsRead ?? 0) + (result.meta?.rows_read ?? 0);
}

/** The real statement behind each recording one, for batch(), which accepts only real ones. */
const unwrapped = new WeakMap<object, { real: D1PreparedStatement; statement: RecordedStatement }>();

function recordingStatement(real: D1PreparedStatement, statement: RecordedStatement): D1PreparedStatement {
  const proxy = new Proxy(real, {
    get(target, prop) {
      if (prop === "bind") {
        return (...params: unknown[]) => {
          statement.params = params;
          return recordingStatement(target.bind(...params), statement);
        };
      }
      if (prop === "all" || prop === "run") {
        return async () => {
          const result = await target[prop]();
          count(statement, result);
          return result;
        };
      }
      if (prop === "raw" || prop === "first") {
        // These answer without meta: a read is run once more through all() to learn its count.
        return async (...args: unknown[]) => {
          if (/^\s*select\b/i.test(statement.sql)) count(statement, await target.all());
          else statement.uncounted = true;
          return Reflect.apply(Reflect.get(target, prop), target, args);
        };
      }
      return forward(target, prop);
    },
  });
  unwrapped.set(proxy, { real, statement });
  return proxy;
}

/** `d1`, with every statement prepared through it appended to `seen`. */
export function recordingD1(seen: RecordedStatement[], d1: D1Database = env.DB): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => {
          const statement: RecordedStatement = { sql, params: [] };
          seen.push(statement);
          return recordingStatement(target.prepare(sql), statement);
        };
      }
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const parts = statements.map((s) => unwrapped.get(s) ?? { real: s, statement: undefined });
          const results = await target.batch(parts.map((p) => p.real));
          results.forEach((result, i) => {
            const statement = parts[i]?.statement;
            if (statement) count(statement, result);
          });
          return results;
        };
      }
      return forward(target, prop);
    },
  });
}

/** The rows D1 read for the recorded statements, all together; throws when a write's count is unknown. */
export function rowsRead(seen: RecordedStatement[]): number {
  const uncounted = seen.find((statement) => statement.uncounted);
  if (uncounted) throw new Error(`no row count for a write answered through raw(): ${uncounted.sql}`);
  return seen.reduce((sum, statement) => sum + (statement.rowsRead ?? 0), 0);
}
