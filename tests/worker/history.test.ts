import { beforeEach, describe, expect, it } from "vitest";
import { type PlayedTrack, playedTrack, trackHistoryItem } from "#schema/api.ts";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { insertPlays } from "./support/track-history";

const playedTrackList = playedTrack.array();

beforeEach(() => clearTables("track_history"));

describe("GET /api/track-history", () => {
  it("answers an empty list when nothing was recorded", async () => {
    const res = await request("/api/track-history");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it("is asked for again on every page load: a browser keeps no copy a reload would show (the worker keeps one 5 s)", async () => {
    const res = await request("/api/track-history");
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
  });

  it("lists the history newest first with the fields of docs/product.md §3 and an ISO playedAt", async () => {
    const t0 = Date.UTC(2026, 0, 2, 10, 0, 0);
    await insertPlays([
      { title: "First", artist: "Nightfall Quartet", album: "Harbour Lights", at: t0 },
      { title: "Second", artist: "Amber Sato", artwork: "https://img.example/2.jpg", at: t0 + 60_000 },
    ]);
    const items = ((await (await request("/api/track-history")).json()) as unknown[]).map((i) =>
      trackHistoryItem.parse(i),
    );
    expect(items).toEqual([
      {
        id: expect.any(Number),
        title: "Second",
        artist: "Amber Sato",
        album: null,
        artwork: "https://img.example/2.jpg",
        playedAt: "2026-01-02T10:01:00.000Z",
      },
      {
        id: expect.any(Number),
        title: "First",
        artist: "Nightfall Quartet",
        album: "Harbour Lights",
        artwork: null,
        playedAt: "2026-01-02T10:00:00.000Z",
      },
    ]);
  });

  it("is bounded to the newest 100 tracks", async () => {
    const t0 = Date.now() - 200 * 60_000;
    await insertPlays(Array.from({ length: 120 }, (_, i) => ({ title: `Track ${i}`, at: t0 + i * 60_000 })));
    const items = (await (await request("/api/track-history")).json()) as { title: string }[];
    expect(items).toHaveLength(100);
    expect(items[0]?.title).toBe("Track 119");
    expect(items[99]?.title).toBe("Track 20");
  });
});

describe("GET /api/track-history/search", () => {
  const search = (q: string) => request(`/api/track-history/search?q=${encodeURIComponent(q)}`);
  const found = async (q: string) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    return (playedTrackList.parse(await res.json()) as PlayedTrack[]).map((t) => `${t.title} / ${t.artist}`);
  };

  beforeEach(async () => {
    const t0 = Date.UTC(2026, 0, 2, 10, 0, 0);
    await insertPlays([
      { title: "Velvet Harbour", artist: "Nightfall Quartet", at: t0 },
      { title: "Slow Tide", artist: "Amber Sato", at: t0 + 60_000 },
      { title: "velvet harbour ", artist: "NIGHTFALL QUARTET", at: t0 + 120_000 },
      { title: "100% Dusk", artist: "Kai_Mendez", at: t0 + 180_000 },
      { title: "Harbour Lights", artist: "Coastal Trio", at: t0 + 240_000 },
    ]);
  });

  it("finds unique tracks by title or artist, any case, newest play first, with their plays", async () => {
    expect(await found("harbour")).toEqual([
      "Harbour Lights / Coastal Trio",
      "velvet harbour / NIGHTFALL QUARTET",
    ]);
    expect(await found("AMBER")).toEqual(["Slow Tide / Amber Sato"]);
    const [velvet] = playedTrackList.parse(await (await search("velvet")).json());
    expect(velvet?.plays).toBe(2);
  });

  it("wants every word in the title or the artist", async () => {
    expect(await found("harbour nightfall")).toEqual(["velvet harbour / NIGHTFALL QUARTET"]);
    expect(await found("harbour amber")).toEqual([]);
  });

  it("takes % and _ literally", async () => {
    expect(await found("100%")).toEqual(["100% Dusk / Kai_Mendez"]);
    expect(await found("i_m")).toEqual(["100% Dusk / Kai_Mendez"]);
    expect(await found("%%")).toEqual([]);
    expect(await found("a_b")).toEqual([]);
  });

  it("refuses a query that is missing, too short or too long with 400 and a message", async () => {
    for (const path of [
      "/api/track-history/search",
      "/api/track-history/search?q=a",
      "/api/track-history/search?q=%20%20x%20",
      `/api/track-history/search?q=${"x".repeat(101)}`,
      "/api/track-history/search?q=ab&q=cd",
    ]) {
      const res = await request(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_request", message: expect.any(String) });
    }
  });
});
