// bench:web measures each route next to the floor (ADR 060): run N of a route is made between
// the floor's run N - 1 and run N + 1, so both see the host as it is at that minute.
import { describe, expect, it } from "vitest";
import { interleave } from "#dev/bench-web/schedule.ts";

describe("the order of bench:web's runs", () => {
  const pages = ["/", "/history", "floor"];
  const turns = interleave(pages, ["calibrated", "4x"], 3);

  it("makes every page's runs with every target, each once", () => {
    expect(turns).toHaveLength(pages.length * 2 * 3);
    const keys = turns.map((t) => `${t.page} ${t.target} ${t.run}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("makes run N of every page before run N + 1 of any, one target after the other", () => {
    expect(turns.slice(0, 4).map((t) => `${t.page} ${t.target} ${t.run}`)).toEqual([
      "/ calibrated 1",
      "/history calibrated 1",
      "floor calibrated 1",
      "/ calibrated 2",
    ]);
    for (const [i, turn] of turns.entries()) {
      const later = turns.slice(i + 1).filter((t) => t.target === turn.target);
      expect(later.every((t) => t.run >= turn.run)).toBe(true);
    }
    expect(turns.findIndex((t) => t.target === "4x")).toBe(pages.length * 3);
  });
});
