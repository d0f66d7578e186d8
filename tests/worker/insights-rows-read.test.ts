// ADR 021: the insights call reads rollups only, so with 90 days of samples and sessions loaded
// (and 400 days of daily figures) each range reads a number of rows set by its step, never by
// how much has been stored. Counted by D1's own meta.rows_read.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { insightsSeed, seedInsights } from "#dev/bench-api/seed.ts";
import { insightsRanges, insights as insightsSchema } from "#schema/api/insights.ts";
import { type RecordedStatement, recordingD1, rowsRead } from "./support/d1-recorder";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { newSession } from "./support/session";

const { mounts, sessionValues, minuteDays, hourDays, dayDays, sessionDays, sessionsPerStep } = insightsSeed;
const values = sessionValues.length;
/** The admin's session and the setting: constant lookups of every call. */
const slack = 6;

beforeAll(async () => {
  await clearTables("listener_samples", "session_rollups", "song_impact_rankings", "station_settings");
  await seedInsights(env.DB);
}, 120_000);

/** Session steps loaded within each range: the hours of 24 h, the days of the rest (90 loaded). */
const stepsWithSessions = { "24h": 25, "7d": 8, "30d": 31, "90d": 90 };

/**
 * Rows of the range's steps (one more for the step the range begins in): the station's series
 * through its index; every mount's hours (24 h) or days, read by the primary key's range; each
 * session value per hour or day; and the stored ranking.
 */
const expectedRows = {
  "24h": 1441 + 25 * mounts.length + stepsWithSessions["24h"] * values + 1,
  "7d": 7 * 24 + 1 + 8 * mounts.length + stepsWithSessions["7d"] * values + 1,
  "30d": 30 * 24 + 1 + 31 * mounts.length + stepsWithSessions["30d"] * values + 1,
  "90d": 91 + 91 * mounts.length + stepsWithSessions["90d"] * values + 1,
};

describe("rows read per insights call with 90 days of samples and sessions", () => {
  it("loaded what the budgets are measured against", async () => {
    const count = await env.DB.prepare(
      "select (select count(*) from listener_samples) as samples, (select count(*) from session_rollups) as rollups",
    ).first<{ samples: number; rollups: number }>();
    expect(count).toEqual({
      samples: mounts.length * (minuteDays * 24 * 60 + hourDays * 24 + dayDays),
      rollups: values * (sessionDays * 24 + sessionDays),
    });
  });

  it.each(insightsRanges)("range %s reads only its own steps' rollups", async (range) => {
    const { cookie } = await newSession("admin");
    const seen: RecordedStatement[] = [];
    const res = await request(
      `/api/insights?range=${range}`,
      { headers: { Cookie: cookie } },
      { DB: recordingD1(seen) },
    );
    expect(res.status).toBe(200);
    const body = insightsSchema.parse(await res.json());
    expect(body.series.length).toBeGreaterThan(0);
    expect(body.mounts.map((m) => m.mount)).toEqual(["/hd", "/mobile", "/sd"]);
    const rows = rowsRead(seen);
    console.log(`insights ${range}: ${rows} rows read in ${seen.length} statements`);
    expect(rows).toBeLessThanOrEqual(expectedRows[range] + slack);
    // What it read is the whole range: each step loaded holds stretches of each of 7 lengths.
    expect(body.sessions.total).toBe(stepsWithSessions[range] * sessionsPerStep * 7);
  });
});
