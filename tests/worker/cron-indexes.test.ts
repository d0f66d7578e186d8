// The cron runs every minute: each of its deletes must find its rows through an index, not by
// reading the whole table. The statements are captured from a real cron run (a D1 binding that
// records what drizzle prepares), so a delete added to the cron later is checked too.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fallbackTrack } from "#schema/station.ts";
import { refreshTrackHistory } from "#worker/lib/cron.ts";
import { type RecordedStatement, recordingD1 } from "./support/d1-recorder";
import { envWith } from "./support/fakes";

type Statement = RecordedStatement;

async function cronDeletes(): Promise<Statement[]> {
  const seen: Statement[] = [];
  // The fallback track is never recorded, so the run does only its clean-up.
  await refreshTrackHistory(envWith({ DB: recordingD1(seen) }), Date.now(), async () => fallbackTrack);
  return seen.filter((s) => /^\s*delete\b/i.test(s.sql));
}

async function queryPlan(statement: Statement): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

describe("the cron's deletes", () => {
  // So the check below cannot pass on an empty capture; a new clean-up only adds to the list.
  it("are all captured", async () => {
    const tables = (await cronDeletes()).map((s) => /^\s*delete from "?(\w+)"?/i.exec(s.sql)?.[1]);
    expect(tables).toEqual(
      expect.arrayContaining([
        "anonymous_owners",
        "dev_outbox",
        "favorites",
        "live_passes",
        "login_tokens",
        "rate_limits",
        "sessions",
        "sleep_timers",
        "track_history",
      ]),
    );
  });

  it("each search an index instead of scanning the table", async () => {
    const plans = await Promise.all(
      (await cronDeletes()).map(async (s) => ({ sql: s.sql, plan: await queryPlan(s) })),
    );
    const searchesIndex = (plan: string[]) =>
      plan.some((step) => /^SEARCH \S+ USING (COVERING )?INDEX \w+ \(/.test(step)) &&
      !plan.some((step) => /^SCAN\b/.test(step));
    // Listed whole, so one run names every delete that still scans.
    expect(plans.filter(({ plan }) => !searchesIndex(plan))).toEqual([]);
  });
});
