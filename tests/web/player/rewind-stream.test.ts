// The rewind engine (ADR 040) on a recorded window served as the worker serves it: it appends the
// frames from the moment asked for on (the frame that holds it first), segment after segment and
// page after page, knows which host moment each media time is, and at the newest segment waits
// for the next one; relayed (ADR 042), it plays live from a little behind the newest segment, or
// gives the listener to the host. (Real browsers play it in tests/e2e/rewind-journeys.spec.ts.)
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RewindIndex, RewindSegment } from "#schema/api/rewind.ts";
import { createRewindStream, relayLeadMs } from "#web/features/player/engine/rewind-stream.ts";
import { noteServerClockOffset } from "#web/lib/listening-delay.ts";

/** An MPEG-1 Layer III frame at 128 kbit/s, 44.1 kHz (417 bytes, 26.12 ms) that says its number. */
function frame(n: number): Uint8Array {
  const bytes = new Uint8Array(417);
  bytes.set([0xff, 0xfb, 0x90, 0x00]);
  new DataView(bytes.buffer).setUint32(4, n);
  return bytes;
}
const frameMs = (1152 / 44100) * 1000;
const perSegment = 230;
/** When the recording's frame 0 was live. */
const t0 = Date.UTC(2026, 10, 27, 9, 0, 0);

/** A recorded window of `segments` 6 s segments from t0, the bytes of each, and a fetch that serves them. */
function recordedWindow(count: number) {
  const segments: RewindSegment[] = [];
  const bytes = new Map<string, Uint8Array>();
  const add = (i: number) => {
    const url = `/api/rewind/hd/segments/${i}.mp3`;
    const data = new Uint8Array(417 * perSegment);
    for (let k = 0; k < perSegment; k++) data.set(frame(i * perSegment + k), k * 417);
    bytes.set(url, data);
    segments.push({
      start: t0 + i * perSegment * frameMs,
      duration: perSegment * frameMs,
      url,
      joined: i > 0,
      gapBefore: 0,
    });
  };
  for (let i = 0; i < count; i++) add(i);
  const asked: string[] = [];
  const fetcher = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    asked.push(url);
    const at = /\?at=(\d+)/.exec(url);
    if (url === "/api/rewind/hd" || url.startsWith("/api/rewind/hd?")) {
      const from = Number(at?.[1]);
      const body: RewindIndex = {
        quality: "hd",
        minutes: 60,
        oldest: segments[0]?.start ?? null,
        newest: (segments.at(-1)?.start ?? 0) + (segments.at(-1)?.duration ?? 0),
        segments: segments.filter((s) => s.start < from + 600_000 && s.start + s.duration > from),
        titles: [],
      };
      return new Response(JSON.stringify(body));
    }
    const data = bytes.get(url);
    return data ? new Response(data.slice()) : new Response("{}", { status: 404 });
  });
  return { segments, fetcher, asked, add: () => add(segments.length) };
}

/** A MediaSource and its SourceBuffer that keep what was appended (frame numbers, in order). */
function fakeMediaSource() {
  const appended: number[] = [];
  const buffer = Object.assign(new EventTarget(), {
    updating: false,
    mode: "segments",
    buffered: { length: 0, start: () => 0, end: () => 0 },
    appendBuffer(data: Uint8Array) {
      for (let at = 0; at + 417 <= data.length; at += 417)
        appended.push(new DataView(data.buffer, data.byteOffset + at).getUint32(4));
      queueMicrotask(() => buffer.dispatchEvent(new Event("updateend")));
    },
    remove() {},
  });
  class FakeMediaSource extends EventTarget {
    static isTypeSupported = (type: string) => type === "audio/mpeg";
    readyState = "open";
    addSourceBuffer = () => buffer;
  }
  return { mediaSource: new FakeMediaSource() as unknown as MediaSource, appended };
}

const element = () =>
  ({ currentTime: 0, paused: false, readyState: 4, playbackRate: 1 }) as unknown as HTMLAudioElement;
const events = { onStarving: () => {}, onUnsupported: (reason: string) => expect.fail(reason) };

afterEach(() => {
  vi.useRealTimers();
});

describe("the rewind engine", () => {
  it("appends from the frame that holds the moment asked for, a dozen seconds ahead, and knows each moment heard", async () => {
    vi.useFakeTimers();
    const recorded = recordedWindow(10);
    const { mediaSource, appended } = fakeMediaSource();
    const audio = element();
    const at = t0 + (perSegment + 40.5) * frameMs; // inside segment 1, frame 270
    const stream = createRewindStream(audio, mediaSource, { quality: "hd", at }, events, recorded.fetcher);
    await vi.advanceTimersByTimeAsync(50);

    expect(appended[0]).toBe(perSegment + 40);
    // Whole segments after it, in order, until 12 s ahead: the rest of segment 1, then 2 and 3.
    expect(appended).toEqual(Array.from({ length: appended.length }, (_, k) => perSegment + 40 + k));
    expect(appended.length * frameMs).toBeGreaterThanOrEqual(12_000);
    expect(appended.length).toBe(perSegment - 40 + 2 * perSegment);
    expect(stream.positionMs()).toBeCloseTo(t0 + (perSegment + 40) * frameMs, 1);

    // As the element plays on, the moment heard follows, and more is fetched to keep 12 s ahead.
    Object.assign(audio, { currentTime: 10 });
    expect(stream.positionMs()).toBeCloseTo(t0 + (perSegment + 40) * frameMs + 10_000, 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(appended.at(-1)).toBe(5 * perSegment - 1);
    stream.stop();
  });

  it("starts at the window's oldest moment when asked for one it no longer holds", async () => {
    vi.useFakeTimers();
    const recorded = recordedWindow(3);
    const { mediaSource, appended } = fakeMediaSource();
    const stream = createRewindStream(
      element(),
      mediaSource,
      { quality: "hd", at: t0 - 3_600_000 },
      events,
      recorded.fetcher,
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(appended[0]).toBe(0);
    expect(stream.positionMs()).toBeCloseTo(t0, 3);
    stream.stop();
  });

  it("at the newest segment, asks again each second and plays the next as soon as it is recorded", async () => {
    vi.useFakeTimers();
    const recorded = recordedWindow(2);
    const { mediaSource, appended } = fakeMediaSource();
    const stream = createRewindStream(
      element(),
      mediaSource,
      { quality: "hd", at: t0 + 1000 },
      events,
      recorded.fetcher,
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(appended.at(-1)).toBe(2 * perSegment - 1);
    const asks = recorded.asked.filter((url) => url.includes("?at=")).length;

    recorded.add();
    await vi.advanceTimersByTimeAsync(1000);
    expect(recorded.asked.filter((url) => url.includes("?at=")).length).toBeGreaterThan(asks);
    expect(appended.at(-1)).toBe(3 * perSegment - 1);
    expect(appended).toEqual(Array.from({ length: appended.length }, (_, k) => (appended[0] ?? 0) + k));
    stream.stop();
  });

  it("goes on from where it stood after a failed request, with nothing doubled", async () => {
    vi.useFakeTimers();
    const recorded = recordedWindow(6);
    const failing = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (
        String(input).endsWith("/1.mp3") &&
        failing.mock.calls.filter(([u]) => String(u).endsWith("/1.mp3")).length === 1
      )
        throw new TypeError("network down");
      return recorded.fetcher(input, init);
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { mediaSource, appended } = fakeMediaSource();
    const stream = createRewindStream(element(), mediaSource, { quality: "hd", at: t0 }, events, failing);
    await vi.advanceTimersByTimeAsync(50);
    expect(stream.down).toBe(true);
    expect(appended.at(-1)).toBe(perSegment - 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(stream.down).toBe(false);
    expect(appended).toEqual(Array.from({ length: appended.length }, (_, k) => k));
    expect(warn).toHaveBeenCalledTimes(1);
    stream.stop();
  });
});

describe("the rewind engine relaying live (ADR 042)", () => {
  it("starts relayLeadMs behind the newest segment and says how late the listener hears the host", async () => {
    vi.useFakeTimers();
    const recorded = recordedWindow(10);
    const newest = t0 + 10 * perSegment * frameMs;
    // The server's clock: half a second after the newest segment ended; the client's runs 2 s ahead.
    vi.setSystemTime(newest + 500 + 2000);
    noteServerClockOffset(2000);
    const { mediaSource, appended } = fakeMediaSource();
    const audio = element();
    const stream = createRewindStream(
      audio,
      mediaSource,
      { quality: "hd", at: "live" },
      events,
      recorded.fetcher,
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(recorded.asked[0]).toBe("/api/rewind/hd");
    expect(appended[0]).toBe(Math.floor((newest - relayLeadMs - t0) / frameMs));
    expect(appended.at(-1)).toBe(10 * perSegment - 1);
    expect(stream.positionMs()).toBeCloseTo(t0 + (appended[0] ?? 0) * frameMs, 1);
    expect(stream.delayMs()).toBeGreaterThan(relayLeadMs + 500 - frameMs - 100);
    expect(stream.delayMs()).toBeLessThan(relayLeadMs + 500 + 100);
    stream.stop();
    noteServerClockOffset(0);
  });

  it("gives the listener to the host where the recording is not current, or the relay does not answer", async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const recorded = recordedWindow(3);
    vi.setSystemTime(t0 + 3 * perSegment * frameMs + 60_000);
    const refused = vi.fn();
    const stale = createRewindStream(
      element(),
      fakeMediaSource().mediaSource,
      { quality: "hd", at: "live" },
      { onStarving: () => {}, onUnsupported: refused },
      recorded.fetcher,
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(refused).toHaveBeenCalledWith(expect.stringMatching(/^the relay cannot play: .*not current/));
    stale.stop();

    const off = vi.fn(async () => new Response('{"error":"rewind_off"}', { status: 404 }));
    const gone = vi.fn();
    const { mediaSource, appended } = fakeMediaSource();
    const relay = createRewindStream(
      element(),
      mediaSource,
      { quality: "hd", at: "live" },
      { onStarving: () => {}, onUnsupported: gone },
      off,
    );
    await vi.advanceTimersByTimeAsync(1500);
    expect(gone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(gone).toHaveBeenCalledTimes(1);
    expect(off).toHaveBeenCalledTimes(3);
    expect(appended).toEqual([]);
    relay.stop();
    warn.mockRestore();
  });
});
