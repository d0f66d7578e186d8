// Every anonymous GET reads a bounded number of D1 rows, whatever the size of the history: with
// 30,000 history rows (about 90 days of tracks) loaded, each call is counted by D1's own
// meta.rows_read and held to a budget derived from what it answers.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { historySearch, listening } from "#schema/listener-rules.ts";
import { statsRecentCount, statsTopCount } from "#schema/rules.ts";
import { type RecordedStatement, recordingD1, rowsRead } from "./support/d1-recorder";
import { createPageAsAdmin } from "./support/pages";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { insertPlays, type Play } from "./support/track-history";
import { anonymousId } from "./support/unique";

const day = 24 * 60 * 60 * 1000;
const historyRows = 30_000;
const historyAnswerCount = 100;
const ownFavorites = 40;
const otherFavorites = 2_000;
const pageCount = 12;
/** Room for the constant lookups of a call (the owner check, a totals row, an index step). */
const slack = 5;
const uniqueTracks = 9_000;
/**
 * A list answered in an order no index gives is read from its index, then sorted: D1 counts
 * such a row twice. Still bounded by what the call answers, never by the size of a table.
 */
const sorted = 2;

/** Tracks every 4 minutes, from 900 artists with 10 tracks each, oldest first. */
function plays(): Play[] {
  const start = Date.now() - historyRows * 4 * 60_000;
  return Array.from({ length: historyRows }, (_, i) => {
    const artist = (i * 7919) % 900;
    return {
      title: `Track ${Math.floor(i / 900) % 10}`,
      artist: `Artist ${artist}`,
      at: start + i * 4 * 60_000,
    };
  });
}

async function insertFavorites(owner: string, n: number): Promise<void> {
  const insert = env.DB.prepare(
    "insert into favorites (id, session_id, track_title, track_artist) values (?1, ?2, ?3, ?4)",
  );
  for (let from = 0; from < n; from += 500) {
    const count = Math.min(500, n - from);
    await env.DB.batch(
      Array.from({ length: count }, (_, i) =>
        insert.bind(crypto.randomUUID(), owner, `Track ${from + i}`, `Artist ${from + i}`),
      ),
    );
  }
}

/** The rows D1 read while the worker answered `path`, and the answer's status. */
async function measure(path: string): Promise<{ status: number; rows: number; statements: number }> {
  const seen: RecordedStatement[] = [];
  const res = await request(path, {}, { DB: recordingD1(seen) });
  await res.arrayBuffer();
  return { status: res.status, rows: rowsRead(seen), statements: seen.length };
}

const owner = anonymousId();
/** A listener who stored what the caps allow: overlapping stretches across the whole history. */
const heavyListener = anonymousId();
const heavyStretches = 600;
let slug = "";

async function insertHeavyListening(): Promise<void> {
  const now = Date.now();
  const insert = env.DB.prepare(
    "insert into listening_sessions (id, session_id, started_at, ended_at, duration_seconds, closed) values (?1, ?2, ?3, ?4, ?5, 1)",
  );
  // Four stretches over the last 80 days, each hearing about 29,000 plays, and many short ones.
  const long = Array.from({ length: listening.openPerOwner }, () => [now - 80 * day, now - 60_000] as const);
  const short = Array.from(
    { length: heavyStretches },
    (_, i) => [now - (i + 1) * 3_600_000, now - i * 3_600_000 - 60_000] as const,
  );
  const all = [...long, ...short];
  for (let from = 0; from < all.length; from += 200) {
    await env.DB.batch(
      all
        .slice(from, from + 200)
        .map(([start, end]) =>
          insert.bind(crypto.randomUUID(), heavyListener, start, end, Math.round((end - start) / 1000)),
        ),
    );
  }
}

beforeAll(async () => {
  await clearTables("track_history", "favorites", "pages", "listening_sessions");
  const all = plays();
  for (let from = 0; from < all.length; from += 1_000) await insertPlays(all.slice(from, from + 1_000));
  await insertFavorites(owner, ownFavorites);
  for (let i = 0; i < 4; i++) await insertFavorites(anonymousId(), otherFavorites / 4);
  for (let i = 0; i < pageCount; i++) slug = (await createPageAsAdmin()).slug;
  await insertHeavyListening();
}, 120_000);

describe("rows read per anonymous GET with 30,000 history rows", () => {
  it("loaded the history the budgets are measured against", async () => {
    const row = await env.DB.prepare("select count(*) as n from track_history").first<{ n: number }>();
    expect(row?.n).toBe(historyRows);
  });

  const budgets: [path: () => string, budget: number][] = [
    [() => "/api/track-history", historyAnswerCount + slack],
    // Each recent track also reads its last play's row, for its cover (the played_at index).
    [() => "/api/stats", 1 + 2 * statsTopCount + 2 * statsRecentCount + slack],
    // The history search looks through the historySearch.scanTracks unique tracks played last,
    // never all 9,000 nor the 30,000 plays, and the last play of each track it answers (its cover).
    [() => "/api/track-history/search?q=nothing%20matches", historySearch.scanTracks + slack],
    [
      () => "/api/track-history/search?q=artist%201",
      historySearch.scanTracks + historySearch.results + slack,
    ],
    [() => `/api/favorites/${owner}`, sorted * ownFavorites + slack],
    [() => `/api/favorites/${owner}/check?trackTitle=Track%201&trackArtist=Artist%201`, slack],
    [() => "/api/pages", sorted * pageCount + slack],
    [() => `/api/pages/by-slug/${slug}`, slack],
    [() => "/api/config", slack],
    // One totals row; the week's stretches (at most 7 days of the daily cap); the artists from the
    // latest stretches and plays only, each read and then grouped (twice): never the 115,000
    // plays the overlapping stretches heard.
    [
      () => `/api/listening/${heavyListener}`,
      7 * listening.perOwnerPerDay + sorted * (listening.artistSessions + listening.artistPlays) + slack,
    ],
    [() => "/api/auth/me", slack],
  ];

  for (const [path, budget] of budgets) {
    it(`${path().replace(/session-[\w-]+/, "{session}")} reads at most ${budget} rows`, async () => {
      const { status, rows, statements } = await measure(path());
      expect(status).toBe(200);
      console.log(
        `rows read: ${path().replace(/session-[\w-]+/, "{session}")} ${rows} (${statements} statements)`,
      );
      expect(rows).toBeLessThanOrEqual(budget);
    });
  }

  it("the stats answer over the whole history", async () => {
    const res = await request("/api/stats");
    const stats = (await res.json()) as { totalPlays: number; uniqueArtists: number; uniqueTracks: number };
    expect(stats).toMatchObject({ totalPlays: historyRows, uniqueArtists: 900, uniqueTracks });
  });
});
