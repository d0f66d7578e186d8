// /history on a phone as the station plays on (ADR 065): a new play comes in at the top of the
// list, and the row the reader sees stays where it is; the page scrolls by the new row instead.
// Read at the top of the page, where the browser itself does not anchor scrolling.
import { describe, expect, it } from "vitest";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { stationHelper } from "./support/station.ts";

const browser = setupBrowser();

describe("the track history as a new play comes in", () => {
  it("keeps the row the reader sees where it is, at the top of the page on a phone", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 412, height: 823 });
    // Every layout shift that moved a row of the list.
    await page.addInitScript(() => {
      const moved: string[] = [];
      Object.assign(window, { listShifts: moved });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          sources?: { node?: Node | null }[];
        })[])
          for (const source of entry.sources ?? []) {
            const node = source.node instanceof Element ? source.node : source.node?.parentElement;
            if (node?.closest(".track-list")) moved.push(node.textContent?.trim().slice(0, 40) ?? "");
          }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/history");
    const rows = page.locator("main .track-list > li");
    const first = rows.first();
    await whenHydrated(first.getByRole("button", { name: "Add to favorites" }));
    const seen = (await first.locator(".track-title").textContent()) ?? "";
    const topOf = (row: typeof first) => row.evaluate((element) => element.getBoundingClientRect().top);
    const topBefore = await topOf(first);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => (window as unknown as { listShifts: string[] }).listShifts.splice(0));

    let rotated = (await stationHelper.rotate()).current;
    if (rotated.title === seen) rotated = (await stationHelper.rotate()).current;
    await expect
      .poll(() => first.locator(".track-title").textContent(), { timeout: 15_000 })
      .toBe(rotated.title);

    const reading = rows.filter({ has: page.locator(".track-title", { hasText: seen }) }).first();
    expect(await topOf(reading)).toBeCloseTo(topBefore, 0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { listShifts: string[] }).listShifts)).toEqual([]);
  });
});
