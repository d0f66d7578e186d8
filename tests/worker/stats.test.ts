import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { listeningStats } from "#schema/api.ts";
import listeningStatsMigration from "#schema/migrations/0002_listening_stats.sql?raw";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { insertPlays } from "./support/track-history";

const getStats = async () => listeningStats.parse(await (await request("/api/stats")).json());

/** Plays in order, one minute apart, oldest first. */
async function seedPlays(plays: [title: string, artist: string][]): Promise<void> {
  const t0 = Date.now() - plays.length * 60_000;
  await insertPlays(plays.map(([title, artist], i) => ({ title, artist, at: t0 + i * 60_000 })));
}

beforeEach(() => clearTables("track_history"));

describe("GET /api/stats", () => {
  it("answers zero totals and no top entries without history", async () => {
    expect(await getStats()).toEqual({
      totalPlays: 0,
      uniqueTracks: 0,
      uniqueArtists: 0,
      topArtist: null,
      topTrack: null,
      topArtists: [],
      topTracks: [],
      recent: [],
    });
  });

  it("computes totals, unique artists and tracks, the top artist and the top track over the whole history", async () => {
    await seedPlays([
      ["Velvet Harbour", "Nightfall Quartet"],
      ["Slow Tide", "Amber Sato"],
      ["Velvet Harbour", "Nightfall Quartet"],
      ["Harbour Lights", "Nightfall Quartet"],
      ["velvet harbour ", "NIGHTFALL QUARTET"],
      ["Slow Tide", "Amber Sato"],
      ["Terrace at Dusk", "Kai Mendez"],
    ]);
    const stats = await getStats();
    expect(stats.totalPlays).toBe(7);
    expect(stats.uniqueTracks).toBe(4);
    expect(stats.uniqueArtists).toBe(3);
    // Grouped case-insensitively and trimmed; each group shown with its most recent spelling.
    expect(stats.topArtist).toEqual({ artist: "NIGHTFALL QUARTET", plays: 4 });
    expect(stats.topTrack).toEqual({ title: "velvet harbour", artist: "NIGHTFALL QUARTET", plays: 3 });
    expect(stats.topArtists).toEqual([
      { artist: "NIGHTFALL QUARTET", plays: 4 },
      { artist: "Amber Sato", plays: 2 },
      { artist: "Kai Mendez", plays: 1 },
    ]);
    expect(stats.topTracks.map((t) => [t.title, t.plays])).toEqual([
      ["velvet harbour", 3],
      ["Slow Tide", 2],
      ["Terrace at Dusk", 1],
      ["Harbour Lights", 1],
    ]);
    // Unique tracks (docs/product.md §5), newest play first, each with its plays.
    expect(stats.recent.map((r) => [r.title, r.plays])).toEqual([
      ["Terrace at Dusk", 1],
      ["Slow Tide", 2],
      ["velvet harbour", 3],
      ["Harbour Lights", 1],
    ]);
    const newest = await env.DB.prepare("select max(played_at) as at from track_history").first<{
      at: number;
    }>();
    expect(stats.recent[0]?.playedAt).toBe(new Date(newest?.at ?? 0).toISOString());
  });

  it("gives each recent track the cover its last play showed, and none when that play had none", async () => {
    const t0 = Date.now() - 10 * 60_000;
    const cover = (name: string) => `http://localhost:8787/images/${name}.png`;
    await insertPlays([
      { title: "Velvet Harbour", artist: "Nightfall Quartet", artwork: cover("old"), at: t0 },
      { title: "Slow Tide", artist: "Amber Sato", artwork: cover("tide"), at: t0 + 60_000 },
      // Played again, spelled otherwise, with another cover: the newest play's counts.
      { title: "velvet harbour ", artist: "NIGHTFALL QUARTET", artwork: cover("velvet"), at: t0 + 120_000 },
      // Another track at the very same moment does not lend its cover.
      { title: "Terrace at Dusk", artist: "Kai Mendez", artwork: null, at: t0 + 120_000 },
    ]);
    const stats = await getStats();
    expect(Object.fromEntries(stats.recent.map((r) => [r.title.trim().toLowerCase(), r.artwork]))).toEqual({
      "velvet harbour": cover("velvet"),
      "terrace at dusk": null,
      "slow tide": cover("tide"),
    });
  });

  it("lists at most 10 top artists, 10 top tracks and 10 recent plays", async () => {
    await seedPlays(Array.from({ length: 15 }, (_, i) => [`Song ${i}`, `Artist ${i}`] as [string, string]));
    const stats = await getStats();
    expect(stats.totalPlays).toBe(15);
    expect(stats.topArtists).toHaveLength(10);
    expect(stats.topTracks).toHaveLength(10);
    expect(stats.recent).toHaveLength(10);
    expect(stats.recent[0]?.title).toBe("Song 14");
  });
});

describe("the stored statistics", () => {
  it("follow the history as the cron prunes it, dropping a group whose plays are all gone", async () => {
    await seedPlays([
      ["Old Song", "Gone Artist"],
      ["Velvet Harbour", "Nightfall Quartet"],
      ["Velvet Harbour", "Nightfall Quartet"],
      ["Slow Tide", "Amber Sato"],
    ]);
    const [oldest] = (
      await env.DB.prepare("select played_at from track_history order by played_at limit 2").all<{
        played_at: number;
      }>()
    ).results.slice(1);
    await env.DB.prepare("delete from track_history where played_at < ?1").bind(oldest?.played_at).run();
    const stats = await getStats();
    expect(stats).toMatchObject({ totalPlays: 3, uniqueTracks: 2, uniqueArtists: 2 });
    expect(stats.topArtists.map((a) => a.artist)).toEqual(["Nightfall Quartet", "Amber Sato"]);
  });

  it("are filled by migration 0002 from the history already recorded, as the triggers would have", async () => {
    await seedPlays([
      ["Velvet Harbour", "Nightfall Quartet"],
      ["Slow Tide", "Amber Sato"],
      ["velvet harbour ", "NIGHTFALL QUARTET"],
      ["Terrace at Dusk", "Kai Mendez"],
      ["Slow Tide", "amber sato"],
    ]);
    const byTriggers = await getStats();
    await env.DB.batch(
      ["track_plays", "artist_plays", "listening_totals"].map((t) => env.DB.prepare(`delete from ${t}`)),
    );
    expect((await getStats()).totalPlays).toBe(0);
    // The migration's hand-written part: the statements that fill the tables, before its triggers.
    const backfill = listeningStatsMigration
      .split("--> statement-breakpoint")
      .filter((statement) => /^\s*(--.*\n\s*)*insert into/i.test(statement));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await env.DB.prepare(statement).run();
    expect(await getStats()).toEqual(byTriggers);
  });
});
