// bench:web's Lighthouse flags: what each run changes of the preset's settings.
import { describe, expect, it } from "vitest";
import { runFlags } from "#dev/bench-web/lighthouse.ts";

describe("the flags of a bench:web run", () => {
  it("replace the mobile preset's CPU slowdown where one is given, and set its throttling method", () => {
    expect(runFlags("mobile", 2.7, "devtools")).toEqual({
      throttlingMethod: "devtools",
      throttling: { cpuSlowdownMultiplier: 2.7 },
    });
    expect(runFlags("mobile", undefined, "simulate")).toEqual({ throttlingMethod: "simulate" });
  });

  it("leave the desktop preset as it is", () => {
    expect(runFlags("desktop", 2.7, "devtools")).toEqual({});
  });
});
