// bench:web prints how much of its blocking tasks' time the page's main thread was on a CPU
// (dev/bench-web/cpu-share.ts, ADR 060): a low share means the host, not the page, made them long.
import { describe, expect, it } from "vitest";
import { mainThreadCpuShare, type TraceEvent } from "../../dev/bench-web/cpu-share.ts";

const page = { pid: 7, tid: 1 };
const parse = (url: string, at = page): TraceEvent => ({
  name: "ParseHTML",
  ph: "X",
  ...at,
  dur: 2000,
  tdur: 2000,
  args: { beginData: { url } },
});
const task = (wallMs: number, cpuMs: number, at = page): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ...at,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe("the page's main thread's share of a CPU in its blocking tasks", () => {
  const url = "http://localhost:8787/history";

  it("sums thread time over wall time of the page's tasks that block once slowed down", () => {
    const events = [parse(url), task(30, 10), task(20, 20), task(5, 0)];
    // At 4x: 30 ms and 20 ms tasks block (120, 80 ms), the 5 ms one (20 ms) does not.
    expect(mainThreadCpuShare(events, url, 4)).toBeCloseTo(30 / 50);
    // At 2x only the 30 ms one blocks.
    expect(mainThreadCpuShare(events, url, 2)).toBeCloseTo(10 / 30);
  });

  it("reads only the thread that parsed the page, and the page itself", () => {
    const other = { pid: 9, tid: 1 };
    const events = [parse("about:blank", other), task(40, 2, other), parse(`${url}/`), task(40, 30)];
    expect(mainThreadCpuShare(events, url, 4)).toBeCloseTo(30 / 40);
    expect(mainThreadCpuShare(events, "http://localhost:8787/", 4)).toBeNaN();
  });

  it("is unknown without a blocking task, and never above one", () => {
    expect(mainThreadCpuShare([parse(url), task(5, 5)], url, 4)).toBeNaN();
    expect(mainThreadCpuShare([task(40, 40)], url, 4)).toBeNaN();
    expect(mainThreadCpuShare([parse(url), task(40, 41)], url, 4)).toBe(1);
  });
});
