// What the benchmark reads: a long track history (the stats tables fill through migration
// 0002's triggers, as they do in production) and one published page.
import { sessionLengthBuckets } from "#schema/api/insights.ts";
import type { Db } from "./site.ts";

const playEveryMs = 4 * 60_000;

/**
 * `rows` plays, one every 4 minutes up to `now` (30,000 rows ≈ 83 days, inside the 90-day
 * retention), of 2,400 tracks by 600 artists in a scrambled rotation. One statement: the
 * triggers run per row. Whole numbers only, written into the text, so that `wrangler d1
 * execute` can run it too (bench:web seeds its `wrangler dev` state with it).
 */
export function historySeedSql(rows: number, now: number): string {
  if (![rows, now].every(Number.isSafeInteger) || rows < 1)
    throw new Error("bench: rows is a whole number ≥ 1");
  return `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
    insert into track_history (title, artist, album, artwork, played_at)
    select 'Track ' || ((i * 7919) % 2400), 'Artist ' || ((i * 7919) % 600),
      iif(i % 3 = 0, 'Album ' || ((i * 7919) % 400), null), null, ${now} - (${rows} - i) * ${playEveryMs}
    from n`;
}

export async function seedHistory(db: Db, rows: number, now = Date.now()): Promise<void> {
  await db.prepare(historySeedSql(rows, now)).run();
  const counted = await db.prepare("select total_plays as n from listening_totals where id = 1").first<{
    n: number;
  }>();
  if (counted?.n !== rows)
    throw new Error(`bench: the stats triggers counted ${counted?.n} plays, not ${rows}`);
}

export const pageSlug = "about-the-station";

/** One published page of a few kilobytes, stored as the page manager stores one (sanitized HTML). */
export async function seedPage(db: Db, now = Date.now()): Promise<void> {
  const paragraph =
    "<p>Lounge Radio plays chillout, lounge and Nujazz around the clock, without adverts. " +
    "The selection changes with the hour: slow and warm in the morning, brighter in the " +
    "afternoon, deep in the night. <strong>Every track</strong> is chosen by hand.</p>";
  const content = `<h2>About the station</h2>${paragraph.repeat(12)}`;
  await db
    .prepare(
      `insert into pages (id, title, slug, content, meta_description, published, created_at, updated_at)
       values (?1, 'About the station', ?2, ?3, 'Who plays what on Lounge Radio, and why.', 'true', ?4, ?4)`,
    )
    .bind(crypto.randomUUID(), pageSlug, content, now)
    .run();
}

/** What the insights call reads (ADR 021), as a station that has run for a while has it. */
export const insightsSeed = {
  mounts: ["*", "/hd", "/sd", "/mobile"],
  minuteDays: 14,
  hourDays: 90,
  dayDays: 400,
  sessionDays: 90,
  /** 7 lengths, 3 qualities, 4 devices, 10 countries, 2 accounts: 26 values per hour and day. */
  sessionValues: [
    ...sessionLengthBuckets.map((b) => ["length", b.key]),
    ...["hd", "sd", "mobile"].map((v) => ["quality", v]),
    ...["mobile", "tablet", "desktop", "other"].map((v) => ["device", v]),
    ...["DE", "FR", "GB", "US", "NL", "IT", "ES", "JP", "BR", "unknown"].map((v) => ["country", v]),
    ...["anonymous", "member"].map((v) => ["account", v]),
  ],
  /** Stretches per step and value of the length dimension. */
  sessionsPerStep: 3,
} as const;

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/**
 * Listener samples per minute (14 days), hour (90 days) and day (400 days) for four mounts,
 * and session rollups per hour and day (90 days): each a recursive series in one statement per
 * mount or value, the newest step the current one.
 */
export async function seedInsights(db: Pick<Db, "prepare">, now = Date.now()): Promise<void> {
  const s = insightsSeed;
  for (const [resolution, step, count] of [
    ["minute", minuteMs, s.minuteDays * 24 * 60],
    ["hour", hourMs, s.hourDays * 24],
    ["day", dayMs, s.dayDays],
  ] as const) {
    for (const mount of s.mounts) {
      await db
        .prepare(
          `with recursive n(i) as (select 0 union all select i + 1 from n where i < ?1 - 1)
           insert into listener_samples (resolution, mount, start, min, max, sum, samples)
           select ?2, ?3, ?4 - i * ?5, 10 + i % 7, 30 + i % 11, 20 * 60, 60 from n`,
        )
        .bind(count, resolution, mount, now - (now % step), step)
        .run();
    }
  }
  for (const [resolution, step, count] of [
    ["hour", hourMs, s.sessionDays * 24],
    ["day", dayMs, s.sessionDays],
  ] as const) {
    for (const [dimension, value] of s.sessionValues) {
      await db
        .prepare(
          `with recursive n(i) as (select 0 union all select i + 1 from n where i < ?1 - 1)
           insert into session_rollups (resolution, start, dimension, value, sessions, seconds)
           select ?2, ?3 - i * ?4, ?5, ?6, ?7, 900 from n`,
        )
        .bind(count, resolution, now - (now % step), step, dimension, value, s.sessionsPerStep)
        .run();
    }
  }
  for (const range of ["24h", "7d", "30d", "90d"]) {
    await db
      .prepare(
        `insert into song_impact_rankings (range, computed_at, body) values (?1, ?2, '{"gainers":[],"losers":[]}')`,
      )
      .bind(range, now)
      .run();
  }
}
