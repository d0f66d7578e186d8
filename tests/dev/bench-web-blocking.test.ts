// bench:web's "TBT pre-FCP": the blocking time, by Lighthouse's own rule, of the long tasks that
// began before the simulated first paint (dev/bench-web/blocking.ts).
import { describe, expect, it } from "vitest";
import { blockingBegunBeforePaint } from "../../dev/bench-web/blocking.ts";

describe("the blocking time of tasks begun before the first paint", () => {
  it("counts what such a task lasts after FCP beyond 50 ms, and no task begun after FCP", () => {
    const tasks = [
      { startTime: 616, duration: 274 }, // ends 156 ms after FCP: 106 ms
      { startTime: 1008, duration: 103 }, // after FCP: not counted here
      { startTime: 700, duration: 80 }, // ends 46 ms after FCP: under the threshold
    ];
    expect(blockingBegunBeforePaint(tasks, 734, 2000)).toBe(106);
  });

  it("stops counting at TTI, as Lighthouse's TBT does", () => {
    expect(blockingBegunBeforePaint([{ startTime: 500, duration: 600 }], 700, 900)).toBe(150);
    expect(blockingBegunBeforePaint([{ startTime: 500, duration: 600 }], 700, Number.NaN)).toBe(350);
  });

  it("is zero without such a task, and unknown without a first paint", () => {
    expect(blockingBegunBeforePaint([], 734, 2000)).toBe(0);
    expect(blockingBegunBeforePaint([{ startTime: 900, duration: 300 }], 734, 2000)).toBe(0);
    expect(blockingBegunBeforePaint([{ startTime: 600, duration: 300 }], Number.NaN, 2000)).toBeNaN();
  });
});
