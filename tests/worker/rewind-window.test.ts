// The rewind window (ADR 040): a recorder keeps REWIND_MINUTES of segments, deletes what is older
// from R2 before its index, stops and deletes everything when rewind is turned off, and
// /api/health reports each recorder's newest segment. Segments are stored as the recorder stores
// them; recording the real station is tests/worker/rewind-recorder.test.ts.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { Health, RewindIndex } from "#schema/api.ts";
import type { Segment } from "#worker/lib/rewind/recording.ts";
import type { StreamRecorder } from "#worker/live/stream-recorder.ts";
import { request } from "./support/request";
import { segment, storeSegments } from "./support/rewind";

const minute = 60_000;
const names: string[] = [];
const recorderNamed = (name: string) => {
  names.push(name);
  return env.STREAM_RECORDER.getByName(name);
};

afterEach(async () => {
  for (const name of names.splice(0))
    await env.STREAM_RECORDER.getByName(name).prune(Number.POSITIVE_INFINITY, 0);
});

const keysUnder = async (prefix: string) => (await env.REWIND.list({ prefix })).objects.map((o) => o.key);

describe("the rewind window", () => {
  it("keeps REWIND_MINUTES of segments: what ended before goes from R2, then from the index", async () => {
    const name = `sd/test-${crypto.randomUUID()}`;
    const stub = recorderNamed(name);
    const now = Date.now();
    await storeSegments(stub, [
      segment(now - 70 * minute, false),
      segment(now - 60 * minute - 6001),
      segment(now - 10 * minute),
    ]);
    const [oldest, edge, recent] = await stub.segments(0, Number.MAX_SAFE_INTEGER);
    expect(await keysUnder(`${name}/`)).toHaveLength(3);

    expect(await stub.prune(now, 60)).toBe(2);
    expect(await stub.segments(0, Number.MAX_SAFE_INTEGER)).toEqual([recent]);
    expect(await keysUnder(`${name}/`)).toEqual([recent?.key]);
    expect(await env.REWIND.head(oldest?.key ?? "")).toBeNull();
    expect(await env.REWIND.head(edge?.key ?? "")).toBeNull();
    // The index is ordered by time and asked by time: [from, to) overlaps.
    expect(await stub.segments(now - 10 * minute + 5999, now)).toEqual([recent]);
    expect(await stub.segments(now - 10 * minute + 6000, now)).toEqual([]);
  });

  it("stops and deletes every segment when rewind is turned off (REWIND_MINUTES 0)", async () => {
    const name = `mobile/test-${crypto.randomUUID()}`;
    const stub = recorderNamed(name);
    await storeSegments(stub, [segment(Date.now() - 12_000, false), segment(Date.now() - 6000)]);
    await runInDurableObject(stub, (_instance: StreamRecorder, state) =>
      state.storage.setAlarm(Date.now() + minute),
    );

    // The tests' configuration has REWIND_MINUTES 0 (vitest.config.ts).
    expect(await stub.ensure()).toBe(false);
    expect(await stub.status()).toMatchObject({ segments: 0, lastSegmentEndMs: null });
    expect(await keysUnder(`${name}/`)).toEqual([]);
    await runInDurableObject(stub, async (_instance: StreamRecorder, state) => {
      expect(await state.storage.getAlarm()).toBeNull();
      expect(await state.storage.get("tail")).toBeUndefined();
    });
  });

  it("starts a recorder that is not recording when rewind is on", async () => {
    const stub = recorderNamed(`hd/test-${crypto.randomUUID()}`);
    await runInDurableObject(stub, async (instance: StreamRecorder, state) => {
      Reflect.set(instance, "env", { ...env, REWIND_MINUTES: "60" });
      const before = Date.now();
      expect(await instance.ensure()).toBe(true);
      expect(await state.storage.getAlarm()).toBeGreaterThanOrEqual(before);
      // Asked again, it keeps the alarm it has.
      await state.storage.setAlarm(before + minute);
      await instance.ensure();
      expect(await state.storage.getAlarm()).toBe(before + minute);
      await state.storage.deleteAlarm();
    });
  });

  it("is in /api/health while on: each recorder's newest segment, ok only when every one is fresh", async () => {
    const hd = recorderNamed("hd");
    const end = Date.now() - 2000;
    await storeSegments(hd, [segment(end - 6000, false)]);

    const res = await request("/api/health", {}, { REWIND_MINUTES: "60" });
    const body = (await res.json()) as Health;
    expect(res.status).toBe(503);
    expect(body.rewind).toEqual({
      ok: false,
      minutes: 60,
      recorders: [
        {
          quality: "hd",
          ok: true,
          ageSeconds: expect.any(Number),
          lastSegmentAt: new Date(end).toISOString(),
          segments: 1,
          breaks: 0,
          lastError: null,
        },
        expect.objectContaining({ quality: "sd", ok: false, lastSegmentAt: null, segments: 0 }),
        expect.objectContaining({ quality: "mobile", ok: false, lastSegmentAt: null, segments: 0 }),
      ],
    });
    expect(body.rewind?.recorders[0]?.ageSeconds).toBeLessThan(60);

    const off = (await (await request("/api/health")).json()) as Health;
    expect(off.rewind).toBeNull();
  });
});

describe("GET /api/rewind/:quality", () => {
  const on = { REWIND_MINUTES: "60" };

  it("lists the window, and the segments of the 10-minute page that holds `at`, each served immutable", async () => {
    const hd = recorderNamed("hd");
    // A page of its own in this run (the edge keeps pages and segments for their lifetime).
    const page = Math.floor(Date.now() / 600_000) * 600_000 - 20 * minute;
    const segments = [
      segment(page - 6000, false),
      segment(page),
      {
        ...segment(page + 6000),
        titles: [{ atMs: page + 8400, title: "Bahama Soul Club - Bossa Nova Beat" }],
      },
      { ...segment(page + 600_000), titles: [{ atMs: page + 601_000, title: "Next Page - Not Listed" }] },
    ];
    await storeSegments(hd, segments);

    const res = await request(`/api/rewind/hd?at=${page + 7000}`, {}, on);
    expect(res.status).toBe(200);
    const body = (await res.json()) as RewindIndex;
    expect(body).toMatchObject({ quality: "hd", minutes: 60, oldest: page - 6000, newest: page + 606_000 });
    expect(body.segments.map((s) => [s.start, s.duration, s.joined])).toEqual([
      [page, 6000, true],
      [page + 6000, 6000, true],
    ]);
    // The stream's own title changes inside the page, where the recording heard them.
    expect(body.titles).toEqual([{ at: page + 8400, title: "Bahama Soul Club - Bossa Nova Beat" }]);

    const first = segments[1] as Segment;
    const bytes = await request(body.segments[0]?.url ?? "", {}, on);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(bytes.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(first.bytes);

    // Without `at`: the window alone.
    const window = (await (await request("/api/rewind/hd", {}, on)).json()) as RewindIndex;
    expect(window).toMatchObject({ oldest: page - 6000, segments: [], titles: [] });
  });

  it("answers bad input with a 400 that says what is wrong, and a segment it does not hold with a 404", async () => {
    const cases: [string, number, string][] = [
      ["/api/rewind/4k?at=1", 400, "quality must be hd, sd or mobile"],
      ["/api/rewind/hd?at=yesterday", 400, "at must be a time in ms since 1970"],
      ["/api/rewind/hd?at=-5", 400, "at must be a time in ms since 1970"],
      ["/api/rewind/hd?at=1.5", 400, "at must be a whole number of ms"],
      ["/api/rewind/hd/segments/..%2F..%2Fsecret.mp3", 404, "No such segment"],
      ["/api/rewind/hd/segments/1-1.mp3", 404, "That moment is no longer in the rewind window"],
    ];
    for (const [path, status, message] of cases) {
      const res = await request(path, {}, on);
      expect(res.status, path).toBe(status);
      expect(((await res.json()) as { message: string }).message, path).toBe(message);
    }
  });

  it("answers 404 rewind_off while the station keeps no window (REWIND_MINUTES 0)", async () => {
    const res = await request("/api/rewind/hd?at=1");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "rewind_off", message: "This station keeps no rewind window" });
  });
});
