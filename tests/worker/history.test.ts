import { beforeEach, describe, expect, it } from "vitest";
import { trackHistoryItem } from "#schema/api.ts";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { insertPlays } from "./support/track-history";

beforeEach(() => clearTables("track_history"));

describe("GET /api/track-history", () => {
  it("answers an empty list when nothing was recorded", async () => {
    const res = await request("/api/track-history");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
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
