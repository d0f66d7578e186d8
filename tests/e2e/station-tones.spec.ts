// The local station you can hear change (ADR 020): every track sounds its own tone, and each
// mount's title changes in the stream where the tone does, so a test can hear a track change.
// @project e2e-timing-3: it holds a tone or a title to 100 ms, so it runs alone (ADR 022).
import { describe, expect, inject, it } from "vitest";
import { playlist } from "#dev/station/playlist.ts";
import { stationHelper } from "./support/station.ts";
import { recordMount } from "./support/tone-listener.ts";

const mounts = { hd: 320_000, sd: 128_000, mobile: 64_000 } as const;
/**
 * How far the tone may be heard from the title, per mount. At 64 kbit/s the encoder's and
 * Icecast's buffering vary more: 20 changes here spread -116 to +117 ms on mobile, within
 * ±51 ms on hd and sd. Either stays small beside the 500 ms the titles are held to (ADR 020).
 */
const toleranceMs = { hd: 100, sd: 100, mobile: 175 } as const;
const semitones = (a: number, b: number) => Math.abs(12 * Math.log2(a / b));

describe("the local station's tones", () => {
  it("gives every track its own tone, at least three semitones from every other", () => {
    const tones = playlist.map((track) => track.tone);
    for (const [i, a] of tones.entries()) {
      for (const b of tones.slice(i + 1)) expect(semitones(a, b)).toBeGreaterThanOrEqual(2.99);
    }
  });

  it("switches the tone on all three mounts close to the moment it changes their title (hd and sd within 100 ms)", async () => {
    const icecastUrl = inject("icecastUrl");
    const listening = Object.entries(mounts).map(async ([quality, bitrate]) => ({
      quality: quality as keyof typeof mounts,
      recording: await recordMount(`${icecastUrl}/${quality}`, bitrate, 5000),
    }));
    // Past each listener's burst, so what arrives is the live edge.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const rotation = await stationHelper.rotate();
    for (const { quality, recording } of await Promise.all(listening)) {
      const titledAt = rotation.titledAt[quality];
      if (titledAt === undefined) throw new Error(`the station set no title on ${quality}`);
      const heard = recording.tones.find((change) => change.tone === rotation.current.tone);
      expect(heard, `${quality} never sounded ${rotation.current.tone} Hz`).toBeDefined();
      expect(Math.abs((heard?.at ?? 0) - titledAt), quality).toBeLessThanOrEqual(toleranceMs[quality]);
      // The in-band title follows at Icecast's next metadata point (every 16,000 bytes).
      const inBand = recording.titles.find((change) => change.title.endsWith(rotation.current.title));
      expect((inBand?.at ?? 0) - titledAt, quality).toBeGreaterThanOrEqual(-100);
      expect((inBand?.at ?? Number.POSITIVE_INFINITY) - titledAt, quality).toBeLessThanOrEqual(
        (16_000 * 8 * 1000) / mounts[quality] + 200,
      );
    }
  });
});
