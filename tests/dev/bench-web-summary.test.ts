// bench:web compares each route with the floor measured beside it, run for run (ADR 060).
import { describe, expect, it } from "vitest";
import type { Preset, Run } from "#dev/bench-web/lighthouse.ts";
import { pairWithFloor, summarise, tbtOnCpu, tbtOverFloor } from "#dev/bench-web/summary.ts";

const run = (tbt: number, performance: number): Run => ({
  scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
  metrics: { FCP: 800, LCP: 900, TBT: tbt, CLS: 0 },
  failing: [],
  lighthouse: "13.5.0",
  tbtBeforePaint: 0,
  cpuShare: 0.5,
  cpuSlowdown: 3,
  benchmarkIndex: 1300,
});
const summary = (route: string, tbts: number[], preset: Preset = "mobile", cpu = "calibrated") =>
  summarise(
    route,
    preset,
    cpu,
    tbts.map((tbt) => run(tbt, 100 - Math.round(tbt / 20))),
  );

describe("a route's blocking time over the floor", () => {
  it("is the median of each run less the floor's run of the same number", () => {
    // The host was busy for run 2: both sides are high. Medians alone would say 300 - 100 = 200.
    const route = summary("/", [150, 900, 300]);
    const floor = summary("React floor", [100, 700, 40]);
    expect(tbtOverFloor(route, floor).median).toBe(200); // of 50, 200, 260
    // The route's lowest run is its run 2 (TBT 900), beside the floor's 700.
    expect(tbtOverFloor(route, floor).lowest).toBe(200);
  });

  it("counts only runs that have a partner", () => {
    const route = summary("/", [150, 300, 900]);
    const floor = summary("React floor", [100, 200]);
    expect(tbtOverFloor(route, floor).median).toBe(75); // of 50 and 100
    expect(tbtOverFloor(route, floor).lowest).toBeNaN();
  });

  it("can compare another figure of the runs, such as the TBT at thread time", () => {
    const withOnCpu = (runs: Run[], tbts: number[]) => {
      for (const [i, run] of runs.entries())
        run.atThreadTime = { TBT: tbts[i] ?? 0, performance: 100, removedMs: 0 };
    };
    const route = summary("/", [150, 900, 300]);
    const floor = summary("React floor", [100, 700, 40]);
    withOnCpu(route.runs, [20, 30, 10]);
    withOnCpu(floor.runs, [5, 5, 5]);
    expect(tbtOverFloor(route, floor, tbtOnCpu)).toEqual({ median: 15, lowest: 25 }); // of 15, 25, 5
  });
});

describe("which floor a route is compared with", () => {
  it("is its own state's floor of the same preset and CPU setting", () => {
    const measured = [
      summary("/ (live)", [100]),
      summary("/ (live)", [100], "mobile", "4x default"),
      summary("/history (live)", [100], "desktop", ""),
      summary("React floor (live)", [50]),
      summary("React floor (live)", [60], "mobile", "4x default"),
      summary("React floor (live)", [70], "desktop", ""),
    ];
    const pairs = pairWithFloor(measured, "React floor (live)");
    expect(pairs.size).toBe(3);
    for (const [route, floor] of pairs) {
      expect(floor.route).toBe("React floor (live)");
      expect([floor.preset, floor.cpu]).toEqual([route.preset, route.cpu]);
      expect(route.route).not.toBe("React floor (live)");
    }
  });

  it("is none when the floor was not measured", () => {
    expect(pairWithFloor([summary("/", [100])], "React floor").size).toBe(0);
  });
});
