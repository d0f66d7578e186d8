import { describe, expect, it } from "vitest";
import { dedupeTracks, youtubeSearchUrl } from "#web/lib/tracks.ts";

const t = (title: string, artist: string, id: number) => ({ id, title, artist });

describe("dedupeTracks", () => {
  it("de-duplicates by lower-cased trimmed title plus artist, keeping the first occurrence", () => {
    const tracks = [
      t("Blue Hour", "Nightdrive", 1),
      t("  blue hour ", "NIGHTDRIVE", 2),
      t("Blue Hour", "Another Artist", 3),
      t("Sunset", "Nightdrive", 4),
      t("SUNSET", " nightdrive", 5),
    ];
    expect(dedupeTracks(tracks).map((x) => x.id)).toEqual([1, 3, 4]);
  });

  it("stops at the limit of unique tracks (the home page shows 6)", () => {
    const tracks = [
      t("A", "x", 1),
      t("a", "X", 2),
      ...Array.from({ length: 8 }, (_, i) => t(`T${i}`, "y", 10 + i)),
    ];
    const unique = dedupeTracks(tracks, 6);
    expect(unique.map((x) => x.id)).toEqual([1, 10, 11, 12, 13, 14]);
  });

  it("does not merge tracks whose title and artist only join to the same text", () => {
    expect(dedupeTracks([t("ab", "c", 1), t("a", "bc", 2)])).toHaveLength(2);
  });
});

describe("youtubeSearchUrl", () => {
  it("searches YouTube for the artist and title", () => {
    expect(youtubeSearchUrl({ title: "Blue Hour & Co", artist: "Nightdrive" })).toBe(
      "https://www.youtube.com/results?search_query=Nightdrive%20Blue%20Hour%20%26%20Co",
    );
  });
});
