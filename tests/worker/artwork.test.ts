// ADR 019: a cover for a track the radio host sends none for, looked up once for everybody
// through the local stand-in for MusicBrainz and the Cover Art Archive (dev/station/cover-art-fake.ts).
// @project worker-station: it moves the station or holds it to what it played across reads (ADR 022).
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TrackCover } from "#schema/api.ts";
import { findArtwork, providerSpacingMs } from "#worker/lib/artwork/lookup.ts";
import { artworkTrackKey } from "#worker/lib/artwork/normalise.ts";
import { getConfig } from "#worker/lib/config.ts";
import { getDb } from "#worker/lib/db.ts";
import type { StationReader } from "#worker/live/index.ts";
import { azuracastHost } from "./support/fakes";
import { jpegBytes, uploadImage } from "./support/images";
import { request } from "./support/request";
import { getAs, sendJsonAs } from "./support/session";
import { rotateStation } from "./support/station";
import { insertPlays } from "./support/track-history";

type CoverKind = "png" | "huge" | "html" | "none";
type Track = { artist: string; title: string; album: string | null };

/** The worker tests' configuration turns lookups off (vitest.config.ts); here they are on. */
const lookups = { ARTWORK_PROVIDER: "musicbrainz" };
const config = getConfig({ ...env, ...lookups });
const bindings = () => ({ db: getDb(env.DB), images: env.IMAGES });

/** A track of a name no other test uses, known to the fake provider with the cover it asks for. */
async function catalogTrack(
  cover: CoverKind = "png",
  name = crypto.randomUUID().slice(0, 8),
  searchDelayMs?: number,
  smallCover?: "cut",
): Promise<Track> {
  const track = { artist: `Artist ${name}`, title: `Song ${name}`, album: `Album ${name}` };
  const res = await fetch(`${env.STATION_HELPER_URL}/musicbrainz/catalog`, {
    method: "POST",
    body: JSON.stringify({ ...track, cover, searchDelayMs, smallCover }),
  });
  expect(res.status).toBe(201);
  return track;
}

/** How many searches named the artist, and when. */
async function searches(artist: string): Promise<{ hits: number; at: number[] }> {
  const res = await fetch(`${env.STATION_HELPER_URL}/musicbrainz/hits?artist=${encodeURIComponent(artist)}`);
  return (await res.json()) as { hits: number; at: number[] };
}

describe("finding a cover", () => {
  it("finds it once, keeps it in R2 and serves it like an upload", async () => {
    const track = await catalogTrack();
    const url = await findArtwork(bindings(), config, track);
    expect(url).toMatch(new RegExp(`^${config.SITE_URL}/images/[0-9a-f-]{36}\\.png$`));
    const image = await request(new URL(url ?? "").pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toContain("immutable");
    expect([...new Uint8Array(await image.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    // Its small copy is the archive's 250-pixel thumbnail (ADR 062): the PNG header's width.
    const small = await request(new URL(url ?? "").pathname.replace("/images/", "/images/small/"));
    expect(small.headers.get("cache-control")).toContain("immutable");
    expect(new DataView(await small.arrayBuffer()).getUint32(16)).toBe(250);
    // Every spelling of the recording is the same cover, with no second search.
    expect(await findArtwork(bindings(), config, { ...track, title: `${track.title} (Radio Edit)` })).toBe(
      url,
    );
    expect(await findArtwork(bindings(), config, { ...track, artist: track.artist.toUpperCase() })).toBe(url);
    expect((await searches(track.artist)).hits).toBe(1);
  });

  it("keeps the cover when its thumbnail is cut off midway: the small copy's address serves the cover itself", async () => {
    const track = await catalogTrack("png", undefined, undefined, "cut");
    const url = await findArtwork(bindings(), config, track);
    expect(url).toMatch(new RegExp(`^${config.SITE_URL}/images/[0-9a-f-]{36}\\.png$`));
    const small = await request(new URL(url ?? "").pathname.replace("/images/", "/images/small/"));
    expect(small.status).toBe(200);
    expect(small.headers.get("cache-control")).not.toContain("immutable");
    expect(new DataView(await small.arrayBuffer()).getUint32(16)).toBe(500);
  });

  it("remembers a miss, and asks again only once ARTWORK_MISS_DAYS have passed", async () => {
    const unknown = { artist: `Unknown ${crypto.randomUUID().slice(0, 8)}`, title: "Nowhere", album: null };
    const now = Date.now();
    expect(await findArtwork(bindings(), config, unknown, () => now)).toBeNull();
    expect(await findArtwork(bindings(), config, unknown, () => now + 60_000)).toBeNull();
    expect((await searches(unknown.artist)).hits).toBe(1);
    const later = now + config.ARTWORK_MISS_DAYS * 86_400_000 + 1;
    expect(await findArtwork(bindings(), config, unknown, () => later)).toBeNull();
    expect((await searches(unknown.artist)).hits).toBe(2);
  });

  it("takes no cover from a different act or recording: no cover rather than a wrong one", async () => {
    const track = await catalogTrack();
    // The fake's search is loose (as MusicBrainz's is): it answers with the catalog's recording.
    expect(await findArtwork(bindings(), config, { ...track, artist: "Artist" })).toBeNull();
    expect(
      await findArtwork(bindings(), config, { ...track, title: `${track.title.split(" ")[0]}` }),
    ).toBeNull();
  });

  it("refuses a cover that is too large or not an image, and remembers the miss", async () => {
    for (const kind of ["huge", "html", "none"] as const) {
      const track = await catalogTrack(kind);
      expect(await findArtwork(bindings(), config, track), kind).toBeNull();
      expect(await findArtwork(bindings(), config, track), kind).toBeNull();
      expect((await searches(track.artist)).hits, kind).toBe(1);
    }
    expect((await env.IMAGES.list({ prefix: "" })).objects.every((o) => o.size <= 2 * 1024 * 1024)).toBe(
      true,
    );
  });

  it("leaves nothing behind when the provider refuses or hangs, so a later change asks again", async () => {
    const busy = { artist: "Busy Band", title: `Queue ${crypto.randomUUID().slice(0, 8)}`, album: null };
    const before = (await searches(busy.artist)).hits;
    expect(await findArtwork(bindings(), config, busy)).toBeNull();
    expect(await findArtwork(bindings(), config, busy)).toBeNull();
    expect((await searches(busy.artist)).hits).toBe(before + 2);

    const slow = { artist: "Slow Responder", title: `Wait ${crypto.randomUUID().slice(0, 8)}`, album: null };
    expect(await findArtwork(bindings(), config, slow)).toBeNull();
    const row = await env.DB.prepare("select 1 from track_artwork where track_key = ?")
      .bind(artworkTrackKey(slow))
      .first();
    expect(row).toBeNull();
  }, 20_000);

  it("asks MusicBrainz at most once a second, naming itself in the User-Agent", async () => {
    const tracks = [await catalogTrack("none"), await catalogTrack("none"), await catalogTrack("none")];
    await Promise.all(tracks.map((track) => findArtwork(bindings(), config, track)));
    const times = (await Promise.all(tracks.map(async (t) => (await searches(t.artist)).at))).flat().sort();
    expect(times).toHaveLength(3);
    // The fake refuses a search without an application name (403): these were answered.
    // MusicBrainz's rule, as MusicBrainz sees the requests arrive: one a second. The worker
    // spaces them providerSpacingMs apart, so a request late in transit by up to the difference
    // still keeps to it (a busy machine delayed one by 64 ms).
    expect(providerSpacingMs).toBeGreaterThan(1000);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(1000);
    }
  }, 20_000);

  it("never overrides the admin's choice, and asks nothing when the provider is none", async () => {
    const track = await catalogTrack();
    await env.DB.prepare(
      "insert into track_artwork (track_key, image_key, source, checked_at) values (?, null, 'admin', 0)",
    )
      .bind(artworkTrackKey(track))
      .run();
    expect(await findArtwork(bindings(), config, track)).toBeNull();
    const other = await catalogTrack();
    expect(await findArtwork(bindings(), getConfig({ ...env, ARTWORK_PROVIDER: "none" }), other)).toBeNull();
    expect((await searches(track.artist)).hits + (await searches(other.artist)).hits).toBe(0);
  });
});

describe("a cover found while the admin chooses", () => {
  it("gives way to the admin's choice made during the lookup", async () => {
    const track = await catalogTrack();
    // The admin marks the track as having no cover while the found one (and its small copy) is being stored.
    const images = new Proxy(env.IMAGES, {
      get(target, prop) {
        if (prop === "put") {
          return async (...args: Parameters<R2Bucket["put"]>) => {
            await env.DB.prepare(
              "insert or ignore into track_artwork (track_key, image_key, source, checked_at) values (?, null, 'admin', 0)",
            )
              .bind(artworkTrackKey(track))
              .run();
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expect(await findArtwork({ db: getDb(env.DB), images }, config, track)).toBeNull();
    const row = await env.DB.prepare("select image_key, source from track_artwork where track_key = ?")
      .bind(artworkTrackKey(track))
      .first();
    expect(row).toEqual({ image_key: null, source: "admin" });
  });
});

/** Points the reader at an AzuraCast host that plays the track (with the host's own art, or none). */
async function playOn(reader: DurableObjectStub<StationReader>, track: Track, art: string) {
  await runInDurableObject(reader, (instance: StationReader) => {
    Reflect.set(instance, "env", {
      ...env,
      ...lookups,
      ...azuracastHost("ok", {
        case: crypto.randomUUID(),
        title: track.title,
        artist: track.artist,
        album: track.album ?? "",
        art,
      }),
      NEXT_TRACK_URL: "",
    });
  });
}

/** A reader of its own that has read the host once already, so the next track is a change it records. */
async function readerPlaying(track: Track, art: string) {
  const reader = env.STATION_READER.getByName(`test-${crypto.randomUUID()}`);
  await playOn(
    reader,
    { artist: "Station", title: `Before ${track.title}`, album: null },
    "https://radio.example/art/before.jpg",
  );
  await reader.pollNow();
  // Its ISRC lookup done, so only the track's own lookup is under way.
  await reader.settleArtworkLookups();
  await playOn(reader, track, art);
  return reader;
}

describe("the live room and covers", () => {
  it("pushes the title first, then the cover it found, and gives the play's history row the cover", async () => {
    const reader = env.STATION_READER.getByName(`test-${crypto.randomUUID()}`);
    await runInDurableObject(reader, (instance: StationReader) => {
      Reflect.set(instance, "env", { ...env, ...lookups });
    });
    await reader.pollNow();
    // The local station: every track of its playlist but Soft Static's has a cover at the fake.
    let pushed = await reader.pollNow();
    do {
      await rotateStation();
      pushed = await reader.pollNow();
    } while (pushed.current.artist === "Soft Static");
    expect(pushed.current.artwork).toBeNull();
    expect(pushed.played?.title).toBe(pushed.current.title);
    await reader.settleArtworkLookups();
    const withCover = await reader.snapshot();
    expect(withCover.version).toBeGreaterThan(pushed.version);
    expect(withCover.current.title).toBe(pushed.current.title);
    expect(withCover.current.artwork).toMatch(/\/images\/[0-9a-f-]{36}\.png$/);
    expect(withCover.played?.artwork).toBe(withCover.current.artwork);
    // Coming Up gets its cover too, ahead of its start (the fake knows all but Soft Static).
    expect(withCover.next).not.toBeNull();
    expect(Boolean(withCover.next?.artwork)).toBe(withCover.next?.artist !== "Soft Static");
    const row = await env.DB.prepare("select artwork from track_history where id = ?")
      .bind(pushed.played?.id)
      .first();
    expect(row).toEqual({ artwork: withCover.current.artwork });
    // The room also looked up the play's ISRC and label (the fake knows them for all but one track).
    const codes = await env.DB.prepare(
      "select isrc, label from track_recordings where title_key = lower(?1) and artist_key = lower(?2)",
    )
      .bind(pushed.current.title, pushed.current.artist)
      .first<{ isrc: string | null; label: string | null }>();
    expect(codes?.label).toMatch(/ Records$/);
    if (pushed.current.title !== "Paper Lanterns") expect(codes?.isrc).toMatch(/^QZLRD26\d{5}$/);
    // The next read keeps it (the host still sends none) and is no change, unless the station moved on.
    const again = await reader.pollNow();
    if (again.current.title === pushed.current.title) {
      expect(again.current.artwork).toBe(withCover.current.artwork);
      expect(again.version).toBe(withCover.version);
    }
  });

  it("gives a play the cover found after its track ended: its history row, and the previous play players get", async () => {
    // The search answers 3 s late, under its 5 s timeout: the station moves on before the cover
    // is found (two polls and a change of title, on a busy machine too).
    const track = await catalogTrack("png", undefined, 3000);
    const reader = await readerPlaying(track, "");
    const started = await reader.pollNow();
    expect(started.played?.title).toBe(track.title);
    await playOn(
      reader,
      { artist: "Station", title: `After ${track.title}`, album: null },
      "https://radio.example/art/after.jpg",
    );
    const movedOn = await reader.pollNow();
    expect(movedOn.previous?.id).toBe(started.played?.id);
    expect(movedOn.previous?.artwork, "the lookup still under way when the track ended").toBeNull();
    await reader.settleArtworkLookups();
    const found = await reader.snapshot();
    expect(found.version).toBeGreaterThan(movedOn.version);
    expect(found.current).toMatchObject({
      title: `After ${track.title}`,
      artwork: "https://radio.example/art/after.jpg",
    });
    expect(found.previous?.artwork).toMatch(/\/images\/[0-9a-f-]{36}\.png$/);
    const row = await env.DB.prepare("select artwork from track_history where id = ?")
      .bind(started.played?.id)
      .first();
    expect(row).toEqual({ artwork: found.previous?.artwork });
  });

  it("pushes the title without waiting for a lookup that hangs", { timeout: 15_000 }, async () => {
    const slow = { artist: "Slow Responder", title: `Hang ${crypto.randomUUID().slice(0, 8)}`, album: null };
    const reader = await readerPlaying(slow, "");
    const before = (await searches(slow.artist)).hits;
    const state = await reader.pollNow();
    // The title is out while the provider still has not answered (it answers after 10 s).
    expect(state.current.title).toBe(slow.title);
    const pending = await runInDurableObject(
      reader,
      (instance: StationReader) => Reflect.get(instance, "covers").lookups.size,
    );
    // Its cover's lookup, and its ISRC's, which waits for the cover's.
    expect(pending).toBe(2);
    // The search itself goes out once the provider's one-a-second slot comes.
    await expect.poll(async () => (await searches(slow.artist)).hits, { timeout: 10_000 }).toBe(before + 1);
  });

  it("lets the host's own artwork win: the lookup asks only for the ISRC and label", async () => {
    const track = await catalogTrack();
    const reader = await readerPlaying(track, "https://radio.example/art/own.jpg");
    const state = await reader.pollNow();
    await reader.settleArtworkLookups();
    expect((await reader.snapshot()).current.artwork).toBe("https://radio.example/art/own.jpg");
    expect(state.current.artwork).toBe("https://radio.example/art/own.jpg");
    expect((await searches(track.artist)).hits).toBe(1);
    const codes = await env.DB.prepare(
      "select isrc, label, source from track_recordings where title_key = lower(?1) and artist_key = lower(?2)",
    )
      .bind(track.title, track.artist)
      .first();
    expect(codes).toEqual({ isrc: null, label: null, source: "provider" });
    expect(
      await env.DB.prepare("select 1 from track_artwork where track_key = ?")
        .bind(artworkTrackKey(track))
        .first(),
    ).toBeNull();
  });
});

describe("the admin's covers (/api/track-artwork)", () => {
  it("are the admin's alone: 401 for a stranger, 403 for a listener", async () => {
    for (const [role, status] of [
      ["anonymous", 401],
      ["user", 403],
    ] as const) {
      expect((await getAs("/api/track-artwork", role)).status).toBe(status);
      const put = await sendJsonAs(
        "PUT",
        "/api/track-artwork",
        { title: "A", artist: "B", image: null },
        role,
      );
      expect(put.status).toBe(status);
    }
  });

  it("refuses a cover that is no uploaded image, with the JSON error shape", async () => {
    for (const body of [
      { title: "A", artist: "B", image: "https://elsewhere.example/cover.jpg" },
      { title: "A", artist: "B", image: "/images/../secret.png" },
      { title: "", artist: "B", image: null },
      { title: "A", image: null },
      { title: "A", artist: "B", image: `/images/${crypto.randomUUID()}.png` },
    ]) {
      const res = await sendJsonAs("PUT", "/api/track-artwork", body, "admin");
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it("lists the recent tracks with their covers and sets one for every play and every listener", async () => {
    const track = await catalogTrack();
    const found = await findArtwork(bindings(), config, track);
    await insertPlays([
      {
        title: track.title,
        artist: track.artist,
        album: track.album,
        artwork: found,
        at: Date.now() - 60_000,
      },
      {
        title: "Host Art",
        artist: "Some Host",
        artwork: "https://radio.example/art.jpg",
        at: Date.now() - 30_000,
      },
      { title: track.title, artist: track.artist, album: track.album, at: Date.now() },
    ]);
    const listed = (await (await getAs("/api/track-artwork", "admin")).json()) as TrackCover[];
    const mine = listed.filter((cover) => cover.title === track.title);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ artwork: found, source: "provider" });
    expect(listed.find((cover) => cover.title === "Host Art")).toMatchObject({ source: "host" });

    // A better cover, uploaded: every play of the track shows it, and no lookup replaces it.
    const upload = await uploadImage(jpegBytes());
    const set = await sendJsonAs(
      "PUT",
      "/api/track-artwork",
      { title: track.title, artist: track.artist, image: upload },
      "admin",
    );
    expect(set.status).toBe(200);
    const artwork = new URL(upload, config.SITE_URL).toString();
    expect(await set.json()).toMatchObject({ artwork });
    const plays = await env.DB.prepare("select artwork from track_history where title = ?")
      .bind(track.title)
      .all();
    expect(plays.results).toEqual([{ artwork }, { artwork }]);
    expect(await findArtwork(bindings(), config, { ...track, title: `${track.title} (Edit)` })).toBe(artwork);
    const relisted = (await (await getAs("/api/track-artwork", "admin")).json()) as TrackCover[];
    expect(relisted.find((cover) => cover.title === track.title)).toMatchObject({ artwork, source: "admin" });

    // A wrong match marked none: the station's mark, for good.
    await sendJsonAs(
      "PUT",
      "/api/track-artwork",
      { title: track.title, artist: track.artist, image: null },
      "admin",
    );
    expect(await findArtwork(bindings(), config, track, () => Date.now() + 10 * 365 * 86_400_000)).toBeNull();
    expect((await searches(track.artist)).hits).toBe(1);
  });

  it("shows the admin's cover to players at once when the track is on air", async () => {
    // A host that keeps playing one track (no lookups: the worker tests' default is none).
    const reader = env.STATION_READER.getByName(`test-${crypto.randomUUID()}`);
    await runInDurableObject(reader, (instance: StationReader) => {
      Reflect.set(instance, "env", {
        ...env,
        ...azuracastHost("ok", {
          case: crypto.randomUUID(),
          title: "On Air",
          artist: "Steady Band",
          art: "",
        }),
        NEXT_TRACK_URL: "",
      });
    });
    const state = await reader.pollNow();
    expect(state.current).toMatchObject({ title: "On Air", artwork: null });
    const cover = "http://localhost:8787/images/3067a4e2-bb81-1b14-cdd9-34620eb03f8c.png";
    await reader.setCover({ title: "On Air (Radio Edit)", artist: "STEADY BAND" }, cover);
    const after = await reader.snapshot();
    expect(after.current.artwork).toBe(cover);
    expect(after.version).toBe(state.version + 1);
    // Another track: nothing changes.
    await reader.setCover({ title: "Not On Air", artist: "Nobody" }, null);
    expect(await reader.snapshot()).toMatchObject({ version: after.version, current: { artwork: cover } });
  });
});
