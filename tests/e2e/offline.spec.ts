// Journey 7, Offline: after one visit the service worker has the app shell, so with the network
// off the site still opens, on / and on a deep link, and says it is offline.
// @project e2e-timing-1: it measures time, so it runs when the machine is quiet (ADR 022).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { station } from "#schema/station.ts";
import { setupBrowser } from "./support/browser.ts";

const browser = setupBrowser();

/** Waits until /sw.js is active and controls the page, reloading once if the first visit is not controlled. */
async function visitUntilControlled(page: Page): Promise<void> {
  await page.goto("/");
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/");
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  if (!(await controlled())) await page.reload();
  expect(new URL((await controlled()) ?? "about:blank").pathname).toBe("/sw.js");
}

async function expectOfflineShell(page: Page): Promise<void> {
  // Debian's Chromium 150 gives a document loaded under DevTools' offline emulation
  // navigator.onLine true (its requests still fail): the emulation is switched off and on again
  // once the page is there, which tells it, as a real loss of network does.
  await page.context().setOffline(false);
  await page.context().setOffline(true);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.waitFor();
  expect(await nav.getByRole("link", { name: station.name }).isVisible()).toBe(true);
  await page.getByText("You are offline.", { exact: true }).waitFor();
  // The player is there too; it just has nothing to play until the network is back.
  expect(await page.getByRole("region", { name: "Player" }).isVisible()).toBe(true);
}

describe("a listener who visited once and lost the network", () => {
  it("opens the home page and a deep link from the app shell, which says it is offline", async () => {
    const { page } = browser;
    await visitUntilControlled(page);
    expect(await page.getByText("You are offline.").count()).toBe(0);

    await page.context().setOffline(true);
    try {
      // Nothing reaches the site any more: the answers below come from the service worker.
      const apiAnswer = await page.evaluate(() =>
        fetch("/api/health").then(
          () => "answered",
          () => "failed",
        ),
      );
      expect(apiAnswer).toBe("failed");

      const home = await page.reload();
      expect(home?.ok()).toBe(true);
      await expectOfflineShell(page);
      await page.getByRole("heading", { level: 1, name: station.name }).waitFor();

      const about = await page.goto("/about");
      expect(about?.ok()).toBe(true);
      await expectOfflineShell(page);
      expect(new URL(page.url()).pathname).toBe("/about");
      await page.getByRole("link", { name: "ABOUT PB" }).and(page.locator("[aria-current=page]")).waitFor();

      // A route the build did not prerender opens from the app shell as well.
      const contentPage = await page.goto("/page/privacy");
      expect(contentPage?.ok()).toBe(true);
      await expectOfflineShell(page);
    } finally {
      await page.context().setOffline(false);
    }
    // The notice goes once the network is back.
    await page.getByText("You are offline.", { exact: true }).waitFor({ state: "detached" });
  });
});
