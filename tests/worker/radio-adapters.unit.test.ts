// @project worker-station: it moves the station or holds it to what it played across reads (ADR 022).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseAzuraCast, readAzuraCast } from "#worker/lib/radio/azuracast.ts";
import { parseIcecastStatus, readIcecast, repairIcecastJson } from "#worker/lib/radio/icecast.ts";
import { parseNextTrackWidget, readNextTrackWidget } from "#worker/lib/radio/next-track-widget.ts";
import { UpstreamError } from "#worker/lib/radio/upstream.ts";
import { azuracastUrl, nothingListens, widgetUrl } from "./support/fakes";
import { stationStatus } from "./support/station";

const icecastSource = (mount: string, title: unknown, listeners = 0) => ({
  listenurl: `http://127.0.0.1:8000${mount}`,
  listeners,
  server_name: "Local station",
  title,
});

describe("icecast adapter", () => {
  it("reads the configured mount's title from the real local station and splits 'Artist - Title'", async () => {
    // The station is shared with other test files; read it until its title stands still.
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await stationStatus();
      const { current: track, mounts } = await readIcecast(env.ICECAST_URL, "/hd");
      const after = await stationStatus();
      if (before.current.title !== after.current.title) continue;
      expect(track).toMatchObject({ title: after.current.title, artist: after.current.artist });
      expect(track.listeners).toBeGreaterThanOrEqual(0);
      // Each of the station's mounts by its path; the station's count is their sum.
      expect(Object.keys(mounts).sort()).toEqual(["/hd", "/mobile", "/sd"]);
      expect(Object.values(mounts).reduce((a, b) => a + b, 0)).toBe(track.listeners);
      return;
    }
    throw new Error("the station's title kept changing");
  });

  it("fails on a mount the station does not have", async () => {
    await expect(readIcecast(env.ICECAST_URL, "/no-such-mount")).rejects.toThrow(UpstreamError);
  });

  it("splits at the first ' - ' only and sums listeners over all mounts", () => {
    const track = parseIcecastStatus(
      {
        icestats: {
          source: [
            icecastSource("/hd", "Nightfall Quartet - Velvet - Harbour", 3),
            icecastSource("/sd", "x", 2),
          ],
        },
      },
      "/hd",
    );
    expect(track).toEqual({
      title: "Velvet - Harbour",
      artist: "Nightfall Quartet",
      album: null,
      artwork: null,
      listeners: 5,
    });
  });

  it("accepts a single source given as an object rather than an array", () => {
    const track = parseIcecastStatus({ icestats: { source: icecastSource("/hd", "A - B") } }, "/hd");
    expect(track).toMatchObject({ artist: "A", title: "B" });
  });

  it('reads Icecast 2.4\'s invalid `"title": -` leniently, as a mount without a title', () => {
    const raw = '{"icestats":{"source":[{"listenurl":"http://h:8000/hd","listeners":1,"title": -}]}}';
    const body = JSON.parse(repairIcecastJson(raw));
    expect(() => parseIcecastStatus(body, "/hd")).toThrow(/no title/);
  });

  it("keeps negative numbers intact while repairing", () => {
    expect(JSON.parse(repairIcecastJson('{"a": -5, "b": -}'))).toEqual({ a: -5, b: null });
  });

  it("takes a title without separator as the title, with an empty artist", () => {
    const track = parseIcecastStatus({ icestats: { source: [icecastSource("/hd", "Station ID")] } }, "/hd");
    expect(track).toMatchObject({ title: "Station ID", artist: "" });
  });
});

describe("azuracast adapter", () => {
  it("normalises now_playing.song, playing_next, song_history and listeners from the documented API", async () => {
    const result = await readAzuraCast(azuracastUrl("ok", { listeners: "17" }));
    expect(result.current).toEqual({
      title: "Harbour Lights",
      artist: "Azura Ensemble",
      album: "Night Sessions",
      artwork: "https://radio.example/api/station/1/art/current.jpg",
      listeners: 17,
    });
    expect(result.next).toEqual({
      title: "Sunset Drive",
      artist: "Coastal Trio",
      album: "Warm Nights",
      artwork: "https://radio.example/api/station/1/art/next.jpg",
    });
    expect(result.mounts).toEqual({ "/radio.mp3": 17 });
    expect(result.history).toHaveLength(1);
    expect(result.history[0]).toMatchObject({ title: "Earlier Tune", artist: "Old Friends", album: null });
    expect(result.history[0]?.playedAt).toBeInstanceOf(Date);
  });

  it("answers no next track when playing_next is null", async () => {
    expect((await readAzuraCast(azuracastUrl("ok", { next: "none" }))).next).toBeNull();
  });

  it("falls back to the song's 'Artist - Title' text when title and artist are untagged", () => {
    const result = parseAzuraCast({
      now_playing: {
        song: { title: "", artist: "", text: "Mira Okafor - Paper Lanterns", art: "not a url" },
      },
    });
    expect(result.current).toMatchObject({ title: "Paper Lanterns", artist: "Mira Okafor", artwork: null });
    expect(result.current.listeners).toBeNull();
  });

  it("fails when the station reports no current song title", async () => {
    await expect(readAzuraCast(azuracastUrl("notitle"))).rejects.toThrow(UpstreamError);
  });

  it("fails on an HTML answer, a 500 and a closed port", async () => {
    await expect(readAzuraCast(azuracastUrl("garbage"))).rejects.toThrow(/not JSON/);
    await expect(readAzuraCast(azuracastUrl("500"))).rejects.toThrow(/answered 500/);
    await expect(readAzuraCast(`${nothingListens}/api/nowplaying/lounge`)).rejects.toThrow(UpstreamError);
  });

  it("gives up on a station slower than 3 seconds", async () => {
    const started = Date.now();
    await expect(readAzuraCast(azuracastUrl("slow"))).rejects.toThrow(UpstreamError);
    expect(Date.now() - started).toBeLessThan(4500);
  });
});

describe("next-track widget adapter", () => {
  it("uses the first item of the array, artwork from cover", async () => {
    expect(await readNextTrackWidget(widgetUrl("ok"))).toEqual({
      title: "Sunset Drive",
      artist: "Coastal Trio",
      album: "Warm Nights",
      artwork: "https://widget.example/covers/sunset-drive.jpg",
    });
  });

  it("takes artwork from `artwork` when there is no cover", async () => {
    expect((await readNextTrackWidget(widgetUrl("artwork")))?.artwork).toBe(
      "https://widget.example/artwork/next.png",
    );
  });

  it("defaults to 'Unknown Title' and 'Unknown Artist'", async () => {
    expect(await readNextTrackWidget(widgetUrl("bare"))).toEqual({
      title: "Unknown Title",
      artist: "Unknown Artist",
      album: null,
      artwork: null,
    });
  });

  it("answers null for an empty array", async () => {
    expect(await readNextTrackWidget(widgetUrl("empty"))).toBeNull();
  });

  it("fails on JSON that is not an array, on HTML and on a 500", async () => {
    await expect(readNextTrackWidget(widgetUrl("object"))).rejects.toThrow(/no array/);
    await expect(readNextTrackWidget(widgetUrl("garbage"))).rejects.toThrow(UpstreamError);
    await expect(readNextTrackWidget(widgetUrl("500"))).rejects.toThrow(UpstreamError);
  });

  it("fails on an answer larger than 1 MB, valid or endless, having read no more than that", async () => {
    await expect(readNextTrackWidget(widgetUrl("huge"))).rejects.toThrow(/more than 1024 KB/);
    await expect(readNextTrackWidget(widgetUrl("endless"))).rejects.toThrow(/more than 1024 KB/);
  });

  it("never passes on an artwork that is not an http(s) URL", () => {
    expect(
      parseNextTrackWidget([{ title: "T", artist: "A", cover: "javascript:alert(1)" }])?.artwork,
    ).toBeNull();
  });
});
