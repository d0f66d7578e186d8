// The cron's latest run, kept in one D1 row: when it ran, when every step last succeeded, and
// which steps failed. /api/health reads it; the cron uses it to log a failing step once when it
// starts failing and once when it recovers, not every minute.
import { eq } from "drizzle-orm";
import { cronStatus } from "#schema/db.ts";
import type { Db } from "./db";

export type CronStatus = { lastRunAt: number; lastOkAt: number | null; failingSteps: string[] };

function parseSteps(json: string): string[] {
  try {
    const steps: unknown = JSON.parse(json);
    return Array.isArray(steps) ? steps.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

export async function readCronStatus(db: Db): Promise<CronStatus | null> {
  const row = await db.select().from(cronStatus).where(eq(cronStatus.id, 1)).get();
  if (!row) return null;
  return {
    lastRunAt: row.lastRunAt.getTime(),
    lastOkAt: row.lastOkAt?.getTime() ?? null,
    failingSteps: parseSteps(row.failingSteps),
  };
}

/** Records a run; `failures` maps each failed step to its error. */
export async function recordCronRun(db: Db, ranAt: number, failures: Map<string, string>): Promise<void> {
  const failingSteps = JSON.stringify([...failures.keys()]);
  const ok = failures.size === 0;
  await db
    .insert(cronStatus)
    .values({ id: 1, lastRunAt: new Date(ranAt), lastOkAt: ok ? new Date(ranAt) : null, failingSteps })
    .onConflictDoUpdate({
      target: cronStatus.id,
      set: { lastRunAt: new Date(ranAt), failingSteps, ...(ok ? { lastOkAt: new Date(ranAt) } : {}) },
    });
}

/**
 * The log lines a run owes: a step that fails now and did not before, with its error and
 * context; a step that failed before and succeeds now. A step failing run after run says nothing.
 */
export function cronLogLines(
  previous: string[],
  failures: Map<string, string>,
  ranAt: number,
): { level: "error" | "info"; line: string }[] {
  const at = new Date(ranAt).toISOString();
  const lines: { level: "error" | "info"; line: string }[] = [];
  for (const [step, error] of failures) {
    if (!previous.includes(step)) {
      lines.push({
        level: "error",
        line: `cron: ${step} failed (run at ${at}; logged once until it recovers): ${error}`,
      });
    }
  }
  for (const step of previous) {
    if (!failures.has(step)) lines.push({ level: "info", line: `cron: ${step} works again (run at ${at})` });
  }
  return lines;
}
