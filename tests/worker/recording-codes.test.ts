// ADR 038: a played recording's ISRC and label, looked up through the local stand-in for
// MusicBrainz (dev/station/cover-art-fake.ts) in its documented format: the recording search's
// `isrcs`, then the release's `label-info`.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findRecordingCodes } from "#worker/lib/artwork/lookup.ts";
import { recordingCodes, setRecordingCodes } from "#worker/lib/artwork/recordings.ts";
import { getConfig } from "#worker/lib/config.ts";
import { getDb } from "#worker/lib/db.ts";

const config = getConfig({ ...env, ARTWORK_PROVIDER: "musicbrainz" });
const db = () => getDb(env.DB);

type Entry = { artist: string; title: string; album: string; isrc?: string | null; label?: string | null };

/** Adds the recordings to the fake's catalog (with no cover). */
async function catalog(...entries: Entry[]): Promise<void> {
  for (const entry of entries) {
    const res = await fetch(`${env.STATION_HELPER_URL}/musicbrainz/catalog`, {
      method: "POST",
      body: JSON.stringify({ cover: "none", ...entry }),
    });
    expect(res.status).toBe(201);
  }
}

async function asked(artist: string): Promise<{ hits: number; releases: number }> {
  const res = await fetch(`${env.STATION_HELPER_URL}/musicbrainz/hits?artist=${encodeURIComponent(artist)}`);
  return (await res.json()) as { hits: number; releases: number };
}

const name = () => crypto.randomUUID().slice(0, 8);

describe("a recording's ISRC and label", () => {
  it("takes the search's ISRC and the release's label once, for every later play", async () => {
    const n = name();
    const track = { artist: `Artist ${n}`, title: `Song ${n}`, album: `Album ${n}` };
    await catalog({ ...track, isrc: "GBAYE2600123", label: "Blue Room Records" });
    await findRecordingCodes(db(), config, track);
    expect(await recordingCodes(db(), track)).toEqual({
      isrc: "GBAYE2600123",
      label: "Blue Room Records",
      source: "provider",
    });
    await findRecordingCodes(db(), config, { ...track, title: ` ${track.title.toUpperCase()} ` });
    expect(await asked(track.artist)).toMatchObject({ hits: 1, releases: 1 });
  });

  it("gives a remix its own ISRC, and a version MusicBrainz does not know none: no code rather than a wrong one", async () => {
    const n = name();
    const artist = `Artist ${n}`;
    await catalog(
      { artist, title: `Tide ${n}`, album: `Album ${n}`, isrc: "GBAYE2600001", label: "Label A" },
      {
        artist,
        title: `Tide ${n} (Harbour Remix)`,
        album: `Remixes ${n}`,
        isrc: "GBAYE2600002",
        label: "Label B",
      },
    );
    const remix = { artist, title: `Tide ${n} (Harbour Remix)` };
    await findRecordingCodes(db(), config, remix);
    expect(await recordingCodes(db(), remix)).toMatchObject({ isrc: "GBAYE2600002", label: "Label B" });
    const edit = { artist, title: `Tide ${n} (Radio Edit)` };
    await findRecordingCodes(db(), config, edit);
    expect(await recordingCodes(db(), edit)).toEqual({ isrc: null, label: null, source: "provider" });
  });

  it("reads MusicBrainz's [no label] as no label, and keeps a recording with no ISRC as a miss to ask again later", async () => {
    const n = name();
    const track = { artist: `Artist ${n}`, title: `Song ${n}`, album: `Album ${n}` };
    await catalog({ ...track, isrc: null, label: "[no label]" });
    const now = Date.now();
    await findRecordingCodes(db(), config, track, () => now);
    expect(await recordingCodes(db(), track)).toEqual({ isrc: null, label: null, source: "provider" });
    await findRecordingCodes(db(), config, track, () => now + 60_000);
    expect((await asked(track.artist)).hits).toBe(1);
    const later = now + config.ARTWORK_MISS_DAYS * 86_400_000;
    await findRecordingCodes(db(), config, track, () => later);
    expect((await asked(track.artist)).hits).toBe(2);
  });

  it("never replaces the admin's entry, and leaves nothing behind when the provider refuses", async () => {
    const n = name();
    const track = { artist: `Artist ${n}`, title: `Song ${n}`, album: `Album ${n}` };
    await catalog({ ...track, isrc: "GBAYE2600999", label: "Found Label" });
    await setRecordingCodes(db(), { ...track, isrc: "USABC2612345", label: "Admin Label" });
    await findRecordingCodes(db(), config, track);
    expect(await recordingCodes(db(), track)).toEqual({
      isrc: "USABC2612345",
      label: "Admin Label",
      source: "admin",
    });
    expect((await asked(track.artist)).hits).toBe(0);

    const busy = { artist: "Busy Band", title: `Queue ${n}` };
    await findRecordingCodes(db(), config, busy);
    expect(await recordingCodes(db(), busy)).toBeNull();
  });
});
