// A press at first paint plays the stream in every engine (issue 41, ADR 035): the prerendered
// home page is painted and Start Listening pressed while the app's entry is held back, as on a
// phone that takes seconds for it; once the entry comes, the app carries the kept press out.
// @project e2e-engines: the three engines' own lane (ADR 031).
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { engineNames } from "#dev/engines/index.ts";
import { expectAudioAdvancing, playing, setupEngine, waitForPlayer } from "./support/engines.ts";
import { type HeldEntry, holdEntry } from "./support/held-entry.ts";

describe.each(engineNames)("a listener in %s who presses before the app has started", (engine) => {
  const browser = setupEngine(engine);
  let held: HeldEntry | undefined;
  beforeEach(async () => {
    held = await holdEntry(inject("baseUrl"));
  });
  afterEach(async () => {
    held?.release();
    await held?.stop();
  });

  it("presses Start Listening at first paint and hears the station once the app runs", async () => {
    const { page } = browser;
    const proxy = held as HeldEntry;
    // From a page of the same origin, so that no driver waits for the home page's load event,
    // which the held entry delays.
    await page.goto(`${proxy.url}/__blank`);
    await page.evaluate((url) => {
      setTimeout(() => location.assign(url));
      return null;
    }, `${proxy.url}/`);
    // Painted, the entry asked for (after the first paint, ADR 024) and held: the app has not run.
    await page.waitFor(
      () =>
        !!document.querySelector(".hero-actions button") &&
        !!document.querySelector('script[type="module"][src*="/assets/index-"]') &&
        document.documentElement.dataset.hydrated === undefined,
      null,
    );
    await expect.poll(proxy.asked, { message: "the entry asked for, and held" }).toBeGreaterThan(0);
    await page.click(".hero-actions button");
    expect(
      await page.evaluate(
        () => document.querySelector(".hero-actions button")?.getAttribute("aria-busy") ?? null,
        null,
      ),
    ).toBe("true");

    proxy.release();
    await expectAudioAdvancing(page, "/hd", { seconds: 2 });
    const view = await waitForPlayer(page, "the player offers Pause", playing, 5000);
    expect(view.hero).toEqual({ text: "Now Playing", pressed: true });
  });
});
