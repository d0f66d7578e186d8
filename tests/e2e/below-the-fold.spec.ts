// The home page on a phone (ADR 047): the sections below the "Why listen" cards and the footer
// wait to be seen. They show the prerendered HTML until the listener scrolls to them, then
// hydrate and show the live station; what happens meanwhile (playing, the theme) does not make
// React throw their HTML away.
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser.ts";
import { heroButton, playerBar, pressStartListening } from "./support/site.ts";
import { expectAudioAdvancing } from "./support/station.ts";

const browser = setupBrowser();

/** React owns the element: it has hydrated (or rendered) it. */
const ownedByReact = (locator: Locator) =>
  locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")));

describe("the home page on a phone", () => {
  it("hydrates the sections below the fold once they near the viewport, and they show the live track", async () => {
    const { page } = browser;
    const problems: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(msg.text());
    });
    page.on("pageerror", (err) => problems.push(err.message));
    // Lighthouse's phone.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/");
    await pressStartListening(page);
    await expectAudioAdvancing(page, "/hd");
    await page.getByRole("button", { name: /^Switch to (light|dark) theme$/ }).click();
    const barTitle = playerBar(page).locator(".player-track-title");
    await expect.poll(async () => (await barTitle.textContent())?.trim() ?? "").not.toBe("");

    const whyListen = page.getByRole("list", { name: "Why listen" });
    const nowPlaying = page.getByRole("region", { name: "Now Playing" });
    const footer = page.getByRole("contentinfo");
    expect(await ownedByReact(whyListen)).toBe(true);
    expect(await ownedByReact(heroButton(page, "Now Playing"))).toBe(true);
    // Below the fold and the 200 px margin (web/ui/deferred.tsx), so still the prerendered HTML:
    // its text, not the playing track. Should the page's layout bring it closer, this says so.
    const cardTop = await nowPlaying.evaluate((element) => element.getBoundingClientRect().top);
    expect(cardTop).toBeGreaterThan(823 + 200);
    expect(await ownedByReact(nowPlaying)).toBe(false);
    expect(await ownedByReact(footer)).toBe(false);
    expect(await nowPlaying.textContent()).toContain("Start listening to see what's playing");
    const serverCard = await nowPlaying.elementHandle();

    await nowPlaying.scrollIntoViewIfNeeded();
    await expect.poll(() => ownedByReact(nowPlaying), { timeout: 10_000 }).toBe(true);
    // The card follows the bar (the station changes its title by itself every 20 s).
    await expect
      .poll(
        async () => {
          const [card, bar] = await Promise.all([
            nowPlaying.locator(".track-title").textContent(),
            barTitle.textContent(),
          ]);
          return card !== null && card.trim() !== "" && card.trim() === bar?.trim();
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    // The same element as the server sent: hydrated, not thrown away and drawn again.
    expect(await serverCard?.evaluate((element) => element.isConnected)).toBe(true);

    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => ownedByReact(footer), { timeout: 10_000 }).toBe(true);
    await footer.getByRole("link", { name: "Track History" }).click();
    await page.getByRole("heading", { level: 1, name: "Track History" }).waitFor();
    // Played on: the link was the app's, not a new page load.
    await playerBar(page).getByRole("button", { name: "Pause" }).waitFor();
    expect(problems).toEqual([]);
  });
});
