// bench:web's calibrated CPU slowdown (ADR 039): every machine simulates the same phone, by the
// points of Lighthouse's throttling calculator.
import { describe, expect, it } from "vitest";
import { cpuChoice, defaultMobileSlowdown, mobileSlowdown } from "../../dev/bench-web/calibrate.ts";

describe("the mobile preset's calibrated CPU slowdown", () => {
  it("is Lighthouse's own 4x on the high-end desktop that 4x was made for", () => {
    expect(mobileSlowdown(1533)).toBe(defaultMobileSlowdown);
  });

  it("follows the calculator's points, and grows with the machine's speed", () => {
    expect([150, 800, 1300, 2000].map(mobileSlowdown)).toEqual([1, 2, 3, 6]);
    expect(mobileSlowdown(1050)).toBe(2.5);
    const indexes = Array.from({ length: 60 }, (_, i) => 150 + i * 40);
    const slowdowns = indexes.map(mobileSlowdown);
    expect(slowdowns.every((x, i) => i === 0 || x >= (slowdowns[i - 1] as number))).toBe(true);
  });

  it("refuses a machine slower than the phone itself", () => {
    expect(() => mobileSlowdown(120)).toThrow(/slower than the phone/);
    expect(() => mobileSlowdown(Number.NaN)).toThrow();
  });
});

describe("a --cpu choice", () => {
  it("is a slowdown calibrated before each run, Lighthouse's constant, or the one given", () => {
    expect(cpuChoice("calibrated")).toEqual({ slowdown: null, cpu: "calibrated" });
    expect(cpuChoice("default")).toEqual({ slowdown: defaultMobileSlowdown, cpu: "4x default" });
    expect(cpuChoice("2.5")).toEqual({ slowdown: 2.5, cpu: "2.5x" });
  });
});
