import { describe, expect, it } from "vitest";
import { csvField, exportFileName, favoritesCsv, favoritesJson } from "#web/features/favorites/export.ts";
import { musicServiceLinks } from "#web/lib/tracks.ts";
import { aFavorite } from "./support/factories";

describe("favorites as files", () => {
  it("writes a CSV with a header, one row per favorite, quoting what needs it", () => {
    const csv = favoritesCsv([
      { ...aFavorite('Blue "Hour", Part 2', "Nightdrive"), trackAlbum: "Line\nBreak" },
      aFavorite("Velvet", "Aurora Lane"),
    ]);
    expect(csv.startsWith("\uFEFFtitle,artist,album,artwork,saved_at\r\n")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[1]).toMatch(/^"Blue ""Hour"", Part 2",Nightdrive,"Line\nBreak",,/);
    expect(lines[2]).toMatch(/^Velvet,Aurora Lane,/);
    expect(lines).toHaveLength(4);
  });

  it("defuses cells a spreadsheet would run as a formula (CSV injection)", () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("Plain Title")).toBe("Plain Title");
  });

  it("writes JSON with the track's fields and when it was saved", () => {
    const favorite = aFavorite("Velvet", "Aurora Lane");
    expect(JSON.parse(favoritesJson([favorite]))).toEqual([
      {
        title: "Velvet",
        artist: "Aurora Lane",
        album: favorite.trackAlbum,
        artwork: favorite.trackArtwork,
        savedAt: favorite.createdAt,
      },
    ]);
  });

  it("names the file after the station and the day", () => {
    const day = new Date("2026-11-24T10:00:00Z");
    expect(exportFileName("Lounge Radio", "csv", day)).toBe("lounge-radio-favorites-2026-11-24.csv");
    expect(exportFileName("Café Nujazz!", "json", day)).toBe("caf-nujazz-favorites-2026-11-24.json");
  });

  it("searches Spotify, Apple Music and YouTube Music for title and artist", () => {
    expect(musicServiceLinks({ title: "Slow Tide", artist: "Amber & Sato" })).toEqual([
      { service: "Spotify", url: "https://open.spotify.com/search/Slow%20Tide%20Amber%20%26%20Sato" },
      { service: "Apple Music", url: "https://music.apple.com/search?term=Slow%20Tide%20Amber%20%26%20Sato" },
      {
        service: "YouTube Music",
        url: "https://music.youtube.com/search?q=Slow%20Tide%20Amber%20%26%20Sato",
      },
    ]);
  });
});
