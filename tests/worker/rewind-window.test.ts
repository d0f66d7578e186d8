// The rewind window (ADR 040): a recorder keeps REWIND_MINUTES of segments, deletes what is older
// from R2 before its index, stops and deletes everything when rewind is turned off, and
// /api/health reports each recorder's newest segment. Segments are stored as the recorder stores
// them; recording the real station is tests/worker/rewind-recorder.test.ts.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { Health } from "#schema/api.ts";
import type { Segment } from "#worker/lib/rewind/recording.ts";
import type { StreamRecorder } from "#worker/live/stream-recorder.ts";
import { request } from "./support/request";

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

/** A 6 s segment that started at `startMs`, joined to the one before unless it is the first. */
function segment(startMs: number, joined = true): Segment {
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

/** Stores `segments` as a recording session does, with a tail for the next. */
function store(stub: DurableObjectStub<StreamRecorder>, segments: Segment[]) {
  return runInDurableObject(stub, async (instance: StreamRecorder) => {
    const tail = { frames: [new Uint8Array(4), new Uint8Array(4), new Uint8Array(4)], endMs: 0, title: null };
    await instance["store"](segments, tail);
  });
}

const keysUnder = async (prefix: string) => (await env.REWIND.list({ prefix })).objects.map((o) => o.key);

describe("the rewind window", () => {
  it("keeps REWIND_MINUTES of segments: what ended before goes from R2, then from the index", async () => {
    const name = `sd/test-${crypto.randomUUID()}`;
    const stub = recorderNamed(name);
    const now = Date.now();
    await store(stub, [
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
    await store(stub, [segment(Date.now() - 12_000, false), segment(Date.now() - 6000)]);
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
    await store(hd, [segment(end - 6000, false)]);

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
