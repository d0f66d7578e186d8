// What the benchmark reads: a long track history (the stats tables fill through migration
// 0002's triggers, as they do in production) and one published page.
import type { Db } from "./site.ts";

const playEveryMs = 4 * 60_000;

/**
 * `rows` plays, one every 4 minutes up to now (30,000 rows ≈ 83 days, inside the 90-day
 * retention), of 2,400 tracks by 600 artists in a scrambled rotation. One statement: the
 * triggers run per row.
 */
export async function seedHistory(db: Db, rows: number, now = Date.now()): Promise<void> {
  await db
    .prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?1)
       insert into track_history (title, artist, album, artwork, played_at)
       select 'Track ' || ((i * 7919) % 2400), 'Artist ' || ((i * 7919) % 600),
         iif(i % 3 = 0, 'Album ' || ((i * 7919) % 400), null), null, ?2 - (?1 - i) * ?3
       from n`,
    )
    .bind(rows, now, playEveryMs)
    .run();
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
