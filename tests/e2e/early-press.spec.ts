// A press at first paint is not lost (ADR 035): the prerendered home page paints before the app's
// script runs; Start Listening pressed in between starts the radio once the app owns the page.
// The app's entry script is held back until the press, as on a phone that takes seconds for it.
import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser.ts";
import { heroButton, playerBar } from "./support/site.ts";
import { expectAudioAdvancing } from "./support/station.ts";

const browser = setupBrowser();

describe("a listener who presses before the app has started", () => {
  it("presses Start Listening at first paint (twice), and the radio plays once the app runs", async () => {
    const { page } = browser;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entryAsked = false;
    // The entry the boot script starts after the first paint (<meta name="app-entry">).
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
      entryAsked = true;
      await released;
      await route.continue();
    });
    await page.goto("/");
    const start = heroButton(page, "Start Listening");
    await start.waitFor();
    await expect.poll(() => entryAsked, { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    await start.click();
    await start.click();
    expect(await start.getAttribute("aria-busy")).toBe("true");
    release();

    await expectAudioAdvancing(page, "/hd");
    await heroButton(page, "Now Playing").waitFor();
    expect(await heroButton(page, "Now Playing").getAttribute("aria-busy")).toBeNull();
    await playerBar(page).getByRole("button", { name: "Pause" }).waitFor();
  });

  it("presses again once the app answers, before the kept press is carried out: it plays, once (ADR 049)", async () => {
    const { page } = browser;
    let releaseEntry = () => {};
    const entryReleased = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    let releaseParts = () => {};
    const partsReleased = new Promise<void>((resolve) => {
      releaseParts = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
      await entryReleased;
      await route.continue();
    });
    // The chunk that carries the kept press out, with the first parts: held, so that the second
    // press surely comes between the app's start and that replay.
    await page.route(/\/assets\/startup-[\w-]+\.js$/, async (route: Route) => {
      await partsReleased;
      await route.continue();
    });
    await page.goto("/");
    const start = heroButton(page, "Start Listening");
    await start.waitFor();
    await start.click();
    expect(await start.getAttribute("aria-busy")).toBe("true");
    releaseEntry();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);

    // The app answers this one: the radio starts.
    await start.click();
    await heroButton(page, "Now Playing").waitFor();
    releaseParts();
    // The kept press is stale: carried out, it would pause what the second press started.
    await expectAudioAdvancing(page, "/hd", { seconds: 2 });
    expect(await heroButton(page, "Now Playing").getAttribute("aria-busy")).toBeNull();
    await playerBar(page).getByRole("button", { name: "Pause" }).waitFor();
  });
});
