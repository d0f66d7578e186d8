// Recorded segments for the rewind tests (ADR 040): made up, and stored as a recording session
// stores them (R2 first, then the recorder's index).
import { runInDurableObject } from "cloudflare:test";
import type { Segment } from "#worker/lib/rewind/recording.ts";
import type { StreamRecorder } from "#worker/live/stream-recorder.ts";

/** A 6 s segment that started at `startMs`, joined to the one before unless it is the first. */
export function segment(startMs: number, joined = true): Segment {
  return {
    startMs,
    durationMs: 6000,
    bytes: crypto.getRandomValues(new Uint8Array(64)),
    frames: 230,
    joined,
    gapBeforeMs: 0,
    title: "Aura - Slow Tide",
    titles: [],
  };
}

/** Stores `segments` in `stub`'s recording as a session does, with a tail for the next. */
export function storeSegments(stub: DurableObjectStub<StreamRecorder>, segments: Segment[]): Promise<void> {
  return runInDurableObject(stub, async (instance: StreamRecorder) => {
    const tail = { frames: [new Uint8Array(4), new Uint8Array(4), new Uint8Array(4)], endMs: 0, title: null };
    // biome-ignore lint/complexity/useLiteralKeys: the recorder's own private step, as a session calls it
    await instance["store"](segments, tail);
  });
}
