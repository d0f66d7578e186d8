// The rewind recording's timeline across connections (ADR 040), on a simulated host: frames made
// live one after another, each connection given the host's burst and then the live frames.
// (The real join against the real Icecast is tests/worker/rewind-recorder.test.ts.)
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Mp3Frame } from "#schema/mp3/frames.ts";
import { getConfig } from "#worker/lib/config.ts";
import { withoutRecorders } from "#worker/lib/radio/index.ts";
import { createIcyReader, streamTitle } from "#worker/lib/rewind/icy.ts";
import { createRecording, type Segment } from "#worker/lib/rewind/recording.ts";

const frameMs = (1152 / 44100) * 1000;
/** When the simulated host made its first frame live. */
const t0 = 1_800_000_000_000;

/** Frame `i` of the host's stream: its bytes say which it is. */
function frame(i: number): Mp3Frame {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setUint32(4, i);
  bytes[0] = 0xff;
  return { bytes, sampleRate: 44100, samples: 1152, channels: 2, bitrate: 128, mpegVersion: 1 };
}
const frameIndex = (bytes: Uint8Array, at: number) =>
  new DataView(bytes.buffer, bytes.byteOffset + at).getUint32(4);
/** The frame numbers a segment holds. */
const framesOf = (segment: Segment) =>
  Array.from({ length: segment.frames }, (_, k) => frameIndex(segment.bytes, k * 8));

/**
 * One connection made when frame `live` had just become live: the host's burst (the `burst`
 * frames before it) at once, then a frame as each becomes live, until frame `until`.
 */
function listen(
  connection: ReturnType<ReturnType<typeof createRecording>["connect"]>,
  { live, burst, until, latencyMs = 30 }: { live: number; burst: number; until: number; latencyMs?: number },
): Segment[] {
  const out: Segment[] = [];
  const liveAt = (i: number) => t0 + (i + 1) * frameMs;
  out.push(...connection.push(range(live - burst, live).map(frame), liveAt(live - 1) + latencyMs));
  for (let i = live; i < until; i++) out.push(...connection.push([frame(i)], liveAt(i) + latencyMs));
  return out;
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

describe("a rewind recording", () => {
  it("cuts whole frames into segments stamped with when the host made them live", () => {
    const recording = createRecording({ segmentMs: 6000, joinWindowMs: 4000, tail: null });
    const connection = recording.connect();
    const segments = [...listen(connection, { live: 500, burst: 60, until: 1000 }), ...connection.end()];

    expect(segments.flatMap(framesOf)).toEqual(range(440, 1000));
    expect(segments.map((s) => s.joined)).toEqual(segments.map((_, i) => i > 0));
    // 6 s of 26.1 ms frames: 230 a segment; the last is what was left when the connection ended.
    expect(segments.map((s) => s.frames)).toEqual([230, 230, 100]);
    // The quickest delivery dates the stream: here every frame came 30 ms after it was live.
    expect(segments[0]?.startMs).toBeCloseTo(t0 + 440 * frameMs + 30, 3);
    for (const [i, segment] of segments.entries()) {
      if (i > 0)
        expect(segment.startMs).toBeCloseTo(
          (segments[i - 1]?.startMs ?? 0) + (segments[i - 1]?.durationMs ?? 0),
          3,
        );
    }
  });

  it("keeps its segments end to end while a quicker delivery improves the clock estimate", () => {
    const recording = createRecording({ segmentMs: 6000, joinWindowMs: 4000, tail: null });
    const connection = recording.connect();
    const liveAt = (i: number) => t0 + (i + 1) * frameMs;
    const segments: Segment[] = [];
    // Slow at first (300 ms late), then quick (20 ms): the estimate of when frame 0 was live moves.
    for (let i = 0; i < 700; i++)
      segments.push(...connection.push([frame(i)], liveAt(i) + (i < 300 ? 300 : 20)));
    segments.push(...connection.end());
    expect(segments).toHaveLength(4);
    for (const [i, segment] of segments.entries()) {
      const before = segments[i - 1];
      if (before) expect(segment.startMs).toBeCloseTo(before.startMs + before.durationMs, 3);
    }
  });

  it("joins the next connection where its burst repeats the last frames recorded: nothing doubled, nothing lost", () => {
    const first = createRecording({ segmentMs: 6000, joinWindowMs: 4000, tail: null });
    const a = first.connect();
    const before = [...listen(a, { live: 300, burst: 60, until: 700 }), ...a.end()];
    // The next session (a new alarm) starts from the tail kept in storage, 0.8 s later.
    const tail = first.tail();
    expect(tail?.frames).toHaveLength(3);
    const second = createRecording({ segmentMs: 6000, joinWindowMs: 4000, tail });
    const b = second.connect();
    const after = [...listen(b, { live: 730, burst: 60, until: 1200 }), ...b.end()];

    const all = [...before, ...after];
    expect(all.flatMap(framesOf)).toEqual(range(240, 1200));
    expect(after[0]?.joined).toBe(true);
    expect(after[0]?.gapBeforeMs).toBe(0);
    expect(after[0]?.startMs).toBeCloseTo(
      (before.at(-1)?.startMs ?? 0) + (before.at(-1)?.durationMs ?? 0),
      3,
    );
  });

  it("joins a reconnect within one session the same way", () => {
    const recording = createRecording({ segmentMs: 6000, joinWindowMs: 4000, tail: null });
    const a = recording.connect();
    const segments = listen(a, { live: 300, burst: 60, until: 600 });
    segments.push(...a.end());
    const b = recording.connect();
    segments.push(...listen(b, { live: 610, burst: 60, until: 900 }), ...b.end());
    expect(segments.flatMap(framesOf)).toEqual(range(240, 900));
    expect(segments.filter((s) => !s.joined)).toHaveLength(1);
  });

  it("records an outage longer than the burst as a gap, never papered over", () => {
    const first = createRecording({ segmentMs: 6000, joinWindowMs: 4000, tail: null });
    const a = first.connect();
    const before = [...listen(a, { live: 300, burst: 60, until: 700 }), ...a.end()];
    const second = createRecording({ segmentMs: 6000, joinWindowMs: 4000, tail: first.tail() });
    const b = second.connect();
    // Ten seconds later: the burst begins long after the last frame recorded.
    const after = [...listen(b, { live: 1130, burst: 60, until: 1600 }), ...b.end()];

    expect(after.flatMap(framesOf)).toEqual(range(1070, 1600));
    expect(after[0]?.joined).toBe(false);
    const lastEnd = (before.at(-1)?.startMs ?? 0) + (before.at(-1)?.durationMs ?? 0);
    expect(after[0]?.gapBeforeMs).toBeCloseTo(370 * frameMs, 0);
    expect(after[0]?.startMs).toBeCloseTo(lastEnd + 370 * frameMs, 0);
    expect(after.slice(1).every((s) => s.joined)).toBe(true);
  });

  it("notes the in-band title at each segment's start and where it changes inside one", () => {
    const recording = createRecording({ segmentMs: 6000, joinWindowMs: 4000, tail: null });
    const connection = recording.connect();
    connection.title("Aura - Slow Tide");
    const segments = listen(connection, { live: 100, burst: 0, until: 200 });
    connection.title("Brisa - Paper Lanterns");
    segments.push(...listen(connection, { live: 200, burst: 0, until: 500 }), ...connection.end());

    expect(segments[0]?.title).toBe("Aura - Slow Tide");
    expect(segments[0]?.titles).toEqual([
      { atMs: expect.closeTo(t0 + 200 * frameMs + 30, 3), title: "Brisa - Paper Lanterns" },
    ]);
    expect(segments[1]?.title).toBe("Brisa - Paper Lanterns");
    expect(segments[1]?.titles).toEqual([]);
  });

  it("marks a change where it was likeliest made: before the block that carried it, and between segments too", () => {
    const recording = createRecording({ segmentMs: 6000, joinWindowMs: 4000, tail: null });
    const connection = recording.connect();
    connection.title("Aura - Slow Tide");
    // A block every 16000 bytes of 320 kbps: a change was made up to 400 ms before it came, 200 ms on average.
    const segments = listen(connection, { live: 100, burst: 0, until: 200 });
    connection.title("Brisa - Paper Lanterns", 200);
    // The first segment closes with its 230th frame (6 s): the next change comes between two segments.
    segments.push(...listen(connection, { live: 200, burst: 0, until: 330 }));
    expect(segments).toHaveLength(1);
    connection.title("Calm - Blue Hour Avenue", 200);
    segments.push(...listen(connection, { live: 330, burst: 0, until: 600 }), ...connection.end());

    expect(segments[0]?.titles).toEqual([
      { atMs: expect.closeTo(t0 + 200 * frameMs + 30 - 200, 3), title: "Brisa - Paper Lanterns" },
    ]);
    // Heard between segments: marked from the next segment's first frame.
    expect(segments[1]?.startMs).toBeCloseTo(t0 + 330 * frameMs + 30, 3);
    expect(segments[1]?.titles).toEqual([
      { atMs: expect.closeTo((segments[1]?.startMs ?? 0) - 200, 3), title: "Calm - Blue Hour Avenue" },
    ]);
  });
});

describe("Icecast's in-band metadata", () => {
  it("separates audio from title blocks, however the chunks fall", () => {
    const title = new TextEncoder().encode("StreamTitle='Aura - Slow Tide';");
    const block = new Uint8Array(Math.ceil(title.length / 16) * 16);
    block.set(title);
    const audio = (n: number, from: number) => Uint8Array.from({ length: n }, (_, k) => (from + k) % 251);
    const body = new Uint8Array([
      ...audio(10, 0),
      block.length / 16,
      ...block,
      ...audio(10, 10),
      0,
      ...audio(5, 20),
    ]);
    for (const size of [1, 3, 7, body.length]) {
      const reader = createIcyReader(10);
      const pieces = [];
      for (let i = 0; i < body.length; i += size) pieces.push(...reader.push(body.subarray(i, i + size)));
      const audioBytes = pieces.flatMap((p) => ("audio" in p ? [...p.audio] : []));
      expect(audioBytes).toEqual([...audio(25, 0)]);
      expect(pieces.filter((p) => "title" in p)).toEqual([{ title: "Aura - Slow Tide" }]);
      // The title comes after the audio before it.
      const at = pieces.findIndex((p) => "title" in p);
      expect(pieces.slice(0, at).reduce((n, p) => n + ("audio" in p ? p.audio.length : 0), 0)).toBe(10);
    }
  });

  it("reads a title with quotes and padding, and no title where the block has none", () => {
    expect(streamTitle("StreamTitle='Nujazz - It's Late';StreamUrl='';\0\0\0")).toBe("Nujazz - It's Late");
    expect(streamTitle("StreamUrl='x';")).toBeNull();
  });
});

describe("the host's listener count while the recorders run", () => {
  const config = (minutes: string) => getConfig({ ...env, REWIND_MINUTES: minutes });
  const streams = new URL(env.STREAM_URL_HD).pathname;

  it("takes one recorder off each recorded mount that counts one, and off the total", () => {
    const mounts = { "/hd": 3, "/sd": 0, "/mobile": 1, "/other": 5 };
    expect(streams).toBe("/hd");
    expect(withoutRecorders(config("60"), 9, mounts)).toEqual({
      listeners: 7,
      mounts: { "/hd": 2, "/sd": 0, "/mobile": 0, "/other": 5 },
    });
  });

  it("leaves the host's count as it is while rewind is off, or when the read failed", () => {
    expect(withoutRecorders(config("0"), 9, { "/hd": 3 })).toEqual({ listeners: 9, mounts: { "/hd": 3 } });
    expect(withoutRecorders(config("60"), null, null)).toEqual({ listeners: null, mounts: null });
  });
});
