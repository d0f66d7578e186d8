// The player bar on a phone, with everything it can hold (rewind on): no control under another,
// each at least 24 px square (WCAG 2.5.8), and the visible text of each part of its name (WCAG
// 2.5.3). At 412 px the rewind buttons once shrank under the volume button, and "−30 s" was not in
// "Back 30 seconds".
// @project e2e-rewind: its site records for rewind, so the bar shows the rewind controls (ADR 046).
import { describe, expect, it } from "vitest";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { playerBar } from "./support/site.ts";

const browser = setupBrowser();

type Box = { name: string; text: string; left: number; top: number; right: number; bottom: number };

describe("the player bar on a phone", () => {
  it("keeps its height as the page starts: painted whole, with the rewind controls' row, from the first frame (ADRs 063, 064)", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 412, height: 823 });
    // A phone's CPU: the parser yields mid-document, so a frame between its chunks would show the
    // bar half parsed (ADR 064).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // Every layout shift from the document's start that moved a part of the bar, and what the
    // first frame showed of it.
    await page.addInitScript(() => {
      const moved: string[] = [];
      const firstFrame: string[] = [];
      Object.assign(window, { barShifts: moved, firstFrame });
      requestAnimationFrame(() => {
        const bar = document.querySelector(".player-bar");
        firstFrame.push(
          bar ? `bar${document.getElementById("player-bar-end") ? " whole" : " in part"}` : "no bar",
        );
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          for (const source of entry.sources ?? []) {
            const node = source.node instanceof Element ? source.node : source.node?.parentElement;
            const box = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}x${height}`;
            if (node?.closest(".player-bar"))
              moved.push(
                `${node.className || node.nodeName}: ${box(source.previousRect)} to ${box(source.currentRect)}`,
              );
          }
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    const bar = playerBar(page);
    const painted = await bar.evaluate((element) => element.getBoundingClientRect().height);
    await whenHydrated(bar.getByRole("button", { name: "Back 30 seconds" }));
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const seen = await page.evaluate(() => {
      const { barShifts, firstFrame } = window as unknown as { barShifts: string[]; firstFrame: string[] };
      return { barShifts, firstFrame };
    });
    expect(seen.firstFrame).toEqual(["bar whole"]);
    expect(await bar.evaluate((element) => element.getBoundingClientRect().height)).toBe(painted);
    expect(seen.barShifts).toEqual([]);
  });

  for (const width of [320, 375, 412]) {
    it(`keeps every control apart and large enough at ${width} px, with its text in its name`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/about");
      const bar = playerBar(page);
      await whenHydrated(bar.getByRole("button", { name: "Back 30 seconds" }));
      const boxes: Box[] = await bar.evaluate((element) =>
        [...element.querySelectorAll("button, select, a[href]")]
          .filter((control) => (control as HTMLElement).offsetParent !== null)
          .map((control) => {
            const rect = control.getBoundingClientRect();
            return {
              name: control.getAttribute("aria-label") ?? control.textContent?.trim() ?? "",
              text: control.textContent?.trim() ?? "",
              left: rect.left,
              top: rect.top,
              right: rect.right,
              bottom: rect.bottom,
            };
          }),
      );
      expect(boxes.map((box) => box.name)).toContain("Rewind window");
      for (const box of boxes) {
        expect(box.right - box.left, box.name).toBeGreaterThanOrEqual(24);
        expect(box.bottom - box.top, box.name).toBeGreaterThanOrEqual(24);
        expect(box.right, box.name).toBeLessThanOrEqual(width);
      }
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1)) {
          const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          expect(overlap, `${a.name} and ${b.name}`).toBe(false);
        }
      const back = boxes.find((box) => box.name === "Back 30 seconds");
      // Its visible words, less signs, are words of its name.
      const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
      for (const word of words(back?.text ?? "")) expect(words(back?.name ?? "")).toContain(word);
    });
  }
});
