// GET /api/health: whether the site can do its job now (ADR 014). ok (200) needs the database
// to answer, the radio host to have been read successfully and the cron to have run with every
// step ok, each within HEALTH_MAX_AGE_SECONDS; otherwise 503 with the same body, so a monitor
// sees which part failed.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Health } from "#schema/api.ts";
import pkg from "../../package.json";
import type { AppEnv } from "../env";
import { getConfig } from "../lib/config";
import { readCronStatus } from "../lib/cron-status";
import { getDb } from "../lib/db";
import { spentSiteBudgets } from "../lib/site-budgets";
import { type RecorderStatus, rewindQualities, stationReader, streamRecorder } from "../live";
import type { ReaderStatus } from "../live/station-reader";

async function readerStatus(env: Env): Promise<ReaderStatus | null> {
  try {
    return await stationReader(env).status();
  } catch (err) {
    console.error("health: the live room did not answer", err);
    return null;
  }
}

async function recorderStatus(
  env: Env,
  quality: (typeof rewindQualities)[number],
): Promise<RecorderStatus | null> {
  try {
    return await streamRecorder(env, quality).status();
  } catch (err) {
    console.error(`health: the ${quality} rewind recorder did not answer`, err);
    return null;
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** How long ago `at` was, and whether that is within the limit. */
function freshness(at: number | null, now: number, maxAgeSeconds: number) {
  const ageSeconds = at === null ? null : Math.max(0, Math.floor((now - at) / 1000));
  return { ok: ageSeconds !== null && ageSeconds <= maxAgeSeconds, ageSeconds };
}

export const health = new Hono<AppEnv>().get("/", async (c) => {
  const now = Date.now();
  const maxAge = getConfig(c.env).HEALTH_MAX_AGE_SECONDS;
  const db = getDb(c.env.DB);
  const dbOk = await db.run(sql`select 1`).then(
    () => true,
    (err: unknown) => {
      console.error("health: the database did not answer", err);
      return false;
    },
  );
  const cron = dbOk ? await readCronStatus(db).catch(() => null) : null;
  const budgetsSpent = dbOk ? await spentSiteBudgets(db, getConfig(c.env), now).catch(() => []) : [];
  const config = getConfig(c.env);
  const [reader, ...recorders] = await Promise.all([
    readerStatus(c.env),
    ...(config.REWIND_MINUTES > 0 ? rewindQualities.map((quality) => recorderStatus(c.env, quality)) : []),
  ]);
  const radioOkAt = reader?.lastOkAt ?? null;
  const body: Health = {
    ok: false,
    version: pkg.version,
    db: { ok: dbOk },
    radio: { ...freshness(radioOkAt, now, maxAge), lastOkAt: iso(radioOkAt) },
    cron: {
      ...freshness(cron?.lastOkAt ?? null, now, maxAge),
      lastRunAt: iso(cron?.lastRunAt ?? null),
      lastOkAt: iso(cron?.lastOkAt ?? null),
      failingSteps: cron?.failingSteps ?? [],
    },
    budgetsSpent,
    live: reader && {
      upstreamReadsLastMinute: reader.readsLastMinute,
      lastReadAt: iso(reader.lastReadAt),
      lastReadOk: reader.lastReadOk,
    },
    rewind: null,
  };
  if (config.REWIND_MINUTES > 0) {
    const rows = rewindQualities.map((quality, i) => {
      const status = (recorders[i] as RecorderStatus | null | undefined) ?? null;
      const end = status?.lastSegmentEndMs ?? null;
      return {
        quality,
        ...freshness(end, now, maxAge),
        lastSegmentAt: iso(end),
        segments: status?.segments ?? 0,
        breaks: status?.breaks ?? 0,
        lastError: status?.lastError?.message ?? null,
      };
    });
    body.rewind = { ok: rows.every((row) => row.ok), minutes: config.REWIND_MINUTES, recorders: rows };
  }
  body.ok = body.db.ok && body.radio.ok && body.cron.ok && (body.rewind?.ok ?? true);
  c.header("Cache-Control", "no-store");
  return c.json(body, body.ok ? 200 : 503);
});
