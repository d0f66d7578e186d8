// bench:web audits each simulated run again with the page's main-thread tasks at their thread
// time (dev/bench-web/thread-time.ts, ADR 069): the page's own work, without the host's waits.
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "#dev/bench-web/cpu-share.ts";
import { atThreadTime } from "#dev/bench-web/thread-time.ts";

const url = "http://localhost:8787/history";
const page = { pid: 7, tid: 1 };
const worker = { pid: 7, tid: 2 };
/** A complete event: start and lengths in ms, stored in µs as Chromium writes them. */
const event = (name: string, atMs: number, wallMs: number, cpuMs: number, on = page): TraceEvent => ({
  name,
  ph: "X",
  ...on,
  ts: atMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});
const parse = { ...event("ParseHTML", 0, 2, 2), args: { beginData: { url } } };
/** Start, wall and thread time in ms, as they come out. */
const times = (e: TraceEvent | undefined) => e && [e.ts / 1000, (e.dur ?? 0) / 1000, (e.tdur ?? 0) / 1000];

describe("the page's trace at its main thread's thread time", () => {
  it("shortens each task to its thread time, and draws what ran inside it towards its start", () => {
    const task = event("RunTask", 100, 80, 20);
    const call = event("FunctionCall", 120, 40, 10);
    const mark = { name: "ResourceSendRequest", ph: "I", ...page, ts: 140_000 };
    const { events, removedMs } = atThreadTime([parse, task, call, mark], url);
    expect(times(events[1])).toEqual([100, 20, 20]);
    expect(times(events[2])).toEqual([105, 10, 10]);
    expect(events[3]?.ts).toBe(110_000);
    expect(removedMs).toBe(60);
  });

  it("leaves a task that never waited, the tasks after a shortened one, and other threads as they were", () => {
    const waited = event("RunTask", 100, 80, 20);
    const busy = event("RunTask", 180, 30, 30);
    const next = event("RunTask", 300, 10, 5);
    const elsewhere = event("RunTask", 100, 80, 1, worker);
    const input = [parse, waited, busy, next, elsewhere];
    const { events, removedMs } = atThreadTime(input, url);
    expect(times(events[2])).toEqual([180, 30, 30]);
    expect(times(events[3])).toEqual([300, 5, 5]);
    expect(events[4]).toBe(elsewhere);
    expect(removedMs).toBe(65);
    // The trace given is not changed.
    expect(times(input[1])).toEqual([100, 80, 20]);
  });

  it("counts a task run inside another as part of the outer one", () => {
    const outer = event("RunTask", 100, 100, 50);
    const inner = event("RunTask", 150, 40, 40);
    const { events, removedMs } = atThreadTime([parse, outer, inner], url);
    expect(times(events[1])).toEqual([100, 50, 50]);
    expect(times(events[2])).toEqual([125, 20, 20]);
    expect(removedMs).toBe(50);
  });

  it("gives the trace back as it was when the page's thread is not in it", () => {
    const input = [event("RunTask", 100, 80, 20)];
    const { events, removedMs } = atThreadTime(input, url);
    expect(events).toEqual(input);
    expect(removedMs).toBe(0);
  });
});
