// bench:web prints how much of its blocking tasks' time the page's main thread was on a CPU
// (dev/bench-web/cpu-share.ts, ADR 060): a low share means the host, not the page, made them long.
import { describe, expect, it } from "vitest";
import { mainThreadCpuShare, type TraceEvent } from "#dev/bench-web/cpu-share.ts";

const page = { pid: 7, tid: 1 };
let clock = 0;
/** A complete event on `at`'s thread, starting after the last one made unless `ts` is given. */
const event = (name: string, wallMs: number, cpuMs: number, at = page, ts?: number): TraceEvent => {
  const start = ts ?? clock;
  clock = start + wallMs * 1000 + 1;
  return { name, ph: "X", ...at, ts: start, dur: wallMs * 1000, tdur: cpuMs * 1000 };
};
const parse = (url: string, at = page): TraceEvent => ({
  ...event("ParseHTML", 2, 2, at),
  args: { beginData: { url } },
});
const task = (wallMs: number, cpuMs: number, at = page, ts?: number) =>
  event("RunTask", wallMs, cpuMs, at, ts);

describe("the page's main thread's share of a CPU in its blocking tasks", () => {
  const url = "http://localhost:8787/history";

  it("sums thread time over wall time of the page's tasks that block once slowed down", () => {
    const events = [parse(url), task(30, 10), task(20, 20), task(5, 0)];
    // At 4x: the 30 ms and 20 ms tasks block (120, 80 ms); the 5 ms one (20 ms) does not.
    expect(mainThreadCpuShare(events, url, 4)).toBeCloseTo(30 / 50);
    // At 2x only the 30 ms one blocks; a task of exactly 50 ms does not, as in Lighthouse.
    expect(mainThreadCpuShare(events, url, 2)).toBeCloseTo(10 / 30);
    expect(mainThreadCpuShare([parse(url), task(25, 5), task(40, 40)], url, 2)).toBe(1);
  });

  it("reads only the thread that parsed the page, and the page itself", () => {
    const blank = { pid: 9, tid: 1 };
    const worker = { pid: 7, tid: 2 };
    const events = [
      parse("about:blank", blank),
      task(40, 2, blank),
      parse(`${url}/?from=share#top`),
      task(40, 30),
      task(40, 1, worker),
    ];
    expect(mainThreadCpuShare(events, url, 4)).toBeCloseTo(30 / 40);
    expect(mainThreadCpuShare(events, "http://localhost:8787/", 4)).toBeNaN();
  });

  it("counts a task run inside another once, as part of the outer one", () => {
    const outer = task(40, 20);
    const inner = task(20, 20, page, outer.ts + 5000);
    expect(mainThreadCpuShare([parse(url), outer, inner], url, 4)).toBeCloseTo(20 / 40);
  });

  it("is unknown without a blocking task, and never above one", () => {
    expect(mainThreadCpuShare([parse(url), task(5, 5)], url, 4)).toBeNaN();
    expect(mainThreadCpuShare([task(40, 40)], url, 4)).toBeNaN();
    expect(mainThreadCpuShare([parse(url), task(40, 41)], url, 4)).toBe(1);
  });
});
