import { describe, expect, it } from "vitest";
import { fallbackTrack, stationRadioName } from "#schema/station.ts";

describe("the fallback track's name (docs/product.md §8: '{product} Radio')", () => {
  it("adds Radio to a name without it", () => {
    expect(stationRadioName("Lounge")).toBe("Lounge Radio");
    expect(stationRadioName("Radiohead Fans")).toBe("Radiohead Fans Radio");
  });

  it("does not say Radio twice", () => {
    expect(stationRadioName("Lounge Radio")).toBe("Lounge Radio");
    expect(stationRadioName("Nujazz radio ")).toBe("Nujazz radio");
    expect(fallbackTrack.title).toBe("Lounge Radio");
  });
});
