// The rewind recorder against the real local Icecast (ADR 040): what it stores is, byte for byte,
// what the host sent a plain listener over the same time, across a new connection joined by the
// host's burst; an outage is a gap in the index, never covered over.
// @project worker-station: it moves the station or holds it to what it played across reads (ADR 022).
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { SegmentRow } from "#worker/live/stream-recorder.ts";

const names: string[] = [];
/** A recorder of `quality` for this test alone (its segments under a name of their own). */
function recorder(quality: "hd" | "sd" | "mobile") {
  const name = `${quality}/test-${crypto.randomUUID()}`;
  names.push(name);
  return env.STREAM_RECORDER.getByName(name);
}

afterEach(async () => {
  for (const name of names.splice(0))
    await env.STREAM_RECORDER.getByName(name).prune(Number.POSITIVE_INFINITY, 0);
});

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Everything the host sends one plain listener of `mount`, from now until stop(). */
async function listen(mount: string) {
  const controller = new AbortController();
  const response = await fetch(`${env.ICECAST_URL}${mount}`, { signal: controller.signal });
  if (!response.body) throw new Error(`no stream at ${mount}`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        chunks.push(value);
      }
    } catch {
      // stopped
    }
  })();
  return {
    async stop() {
      controller.abort();
      await reading;
      return concat(chunks);
    },
  };
}

/** The recorder's index and its segments' bytes, in order. */
async function recording(
  stub: ReturnType<typeof recorder>,
): Promise<{ rows: SegmentRow[]; bytes: Uint8Array }> {
  const rows = await stub.segments(0, Number.MAX_SAFE_INTEGER);
  const parts = await Promise.all(
    rows.map(async (row) => {
      const object = await env.REWIND.get(row.key);
      if (!object) throw new Error(`the index names ${row.key}, which R2 does not hold`);
      return new Uint8Array(await object.arrayBuffer());
    }),
  );
  return { rows, bytes: concat(parts) };
}

/** Where `needle` begins in `haystack`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  search: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue search;
    return i;
  }
  return -1;
}

async function feed(quality: string, action: "stop" | "start") {
  const res = await fetch(`${env.STATION_HELPER_URL}/feeds/${quality}/${action}`, { method: "POST" });
  expect(res.status).toBe(200);
}

describe("the rewind recorder", () => {
  it("stores exactly what the host sent, across a new connection joined by the burst: nothing doubled, nothing lost", async () => {
    const stub = recorder("sd");
    const host = await listen("/sd");
    // Three sessions, as three alarms: each a new connection, joined to the tail in storage.
    expect(await stub.record(4000)).toBe(true);
    expect(await stub.record(4000)).toBe(true);
    expect(await stub.record(3000)).toBe(true);
    const sent = await host.stop();

    const { rows, bytes } = await recording(stub);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.map((row) => row.joined)).toEqual(rows.map((_, i) => i > 0));
    expect(bytes.length).toBeGreaterThan(128_000); // over 8 s at 128 kbit/s
    expect(indexOf(sent, bytes)).toBeGreaterThanOrEqual(0);
    for (const [i, row] of rows.entries()) {
      const before = rows[i - 1];
      if (before) expect(row.startMs).toBeCloseTo(before.startMs + before.durationMs, 3);
    }
    const status = await stub.status();
    expect(status).toMatchObject({ quality: "sd", segments: rows.length, breaks: 0 });
    expect(status.lastSegmentEndMs).toBeCloseTo(
      (rows.at(-1)?.startMs ?? 0) + (rows.at(-1)?.durationMs ?? 0),
      3,
    );
    // Stamped on the host's clock: the last segment ended about when the last session did.
    expect(Math.abs((status.lastSegmentEndMs ?? 0) - Date.now())).toBeLessThan(3000);
  });

  it("marks the stream's own title change where the music changed, within half a metadata stretch (ADR 043)", async () => {
    const stub = recorder("hd");
    const session = stub.record(9000);
    // A segment in (the recording's clock is set), then the next track: its tone, then its title.
    while ((await stub.status()).segments === 0) await new Promise((r) => setTimeout(r, 200));
    const res = await fetch(`${env.STATION_HELPER_URL}/rotate`, { method: "POST" });
    expect(res.status).toBe(200);
    const rotation = (await res.json()) as { current: { title: string }; toneAt: number };
    expect(await session).toBe(true);

    const { titles } = await stub.page(rotation.toneAt - 60_000, rotation.toneAt + 60_000);
    const mark = titles.find((t) => t.title.endsWith(` - ${rotation.current.title}`));
    expect(mark, JSON.stringify(titles)).toBeDefined();
    // At 320 kbit/s a block comes every 0.4 s: the mark is within 0.2 s of the change, plus the
    // feed's encoding (80 ms) and the clock's estimate; a mark at the block itself or at a
    // segment's start would be up to 0.4 s or 6 s late.
    expect(Math.abs((mark?.atMs ?? 0) - rotation.toneAt)).toBeLessThan(350);
  }, 30_000);

  it("records an outage of the host's source as a break with its gap, then records again", async () => {
    const stub = recorder("sd");
    const session = stub.record(16_000);
    try {
      // Once a segment is in, the feed stops for 3 s.
      while ((await stub.status()).segments === 0) await new Promise((r) => setTimeout(r, 200));
      await feed("sd", "stop");
      const stoppedAt = Date.now();
      await new Promise((r) => setTimeout(r, 3000));
      await feed("sd", "start");
      const restartedAt = Date.now();
      await session;

      const { rows } = await recording(stub);
      const breaks = rows.filter((row, i) => i > 0 && !row.joined);
      expect(breaks).toHaveLength(1);
      const after = breaks[0] as SegmentRow;
      const before = rows[rows.indexOf(after) - 1] as SegmentRow;
      // Nothing was recorded from the stop until the new source's first audio.
      expect(before.startMs + before.durationMs).toBeLessThan(stoppedAt + 1000);
      expect(after.startMs).toBeGreaterThan(restartedAt - 4000);
      expect(after.gapBeforeMs).toBeCloseTo(after.startMs - (before.startMs + before.durationMs), 3);
      expect(after.gapBeforeMs).toBeGreaterThan(1500);
      expect((await stub.status()).breaks).toBe(1);
    } finally {
      await feed("sd", "start");
      await session.catch(() => {});
    }
  }, 40_000);
});
