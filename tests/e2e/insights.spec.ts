// Station insights (ADR 021), as the operator uses them: logged out, the screen asks for the
// admin login and the call answers 401; logged in, listeners now follows the local station's
// invented listeners; and switching the public count off hides it on the home page, without
// moving anything, until it is switched on again.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { loginOnAdminScreen } from "./support/admin.ts";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { stationHelper } from "./support/station.ts";

const browser = setupBrowser();

const figure = (page: Page, label: string) =>
  page.locator(".insights-figure", { has: page.getByText(label, { exact: true }) }).locator("dd");

async function listenersNow(page: Page): Promise<number> {
  return Number((await figure(page, "Listeners now").textContent())?.replace(/\D/g, "") || Number.NaN);
}

describe("station insights", () => {
  it("asks for the admin login when logged out, and the call answers 401", async () => {
    const { page } = browser;
    const res = await fetch(`${inject("baseUrl")}/api/insights?range=24h`);
    expect(res.status).toBe(401);
    await page.goto("/pb/insights");
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  });

  it("shows listeners now following the station's listeners, and hides the public count on request", async () => {
    const { page } = browser;
    await loginOnAdminScreen(page);
    await page.getByRole("link", { name: "Station Insights" }).click();
    await page.getByRole("heading", { level: 1, name: "Station Insights" }).waitFor();
    await expect.poll(() => listenersNow(page), { timeout: 10_000 }).not.toBeNaN();
    const before = await listenersNow(page);
    await stationHelper.addListeners(3);
    try {
      // The screen asks the live room every 5 s.
      await expect.poll(() => listenersNow(page), { timeout: 15_000, interval: 250 }).toBe(before + 3);
    } finally {
      await stationHelper.removeListeners(3);
    }

    const setting = page.getByRole("switch", { name: "Show the listener count to listeners" });
    await whenHydrated(setting);
    expect(await setting.getAttribute("aria-checked")).toBe("true");
    await setting.click();
    await expect.poll(() => setting.getAttribute("aria-checked")).toBe("false");
    try {
      const home = await browser.newPage();
      await home.goto("/");
      const count = home.locator(".listener-count");
      await count.waitFor({ state: "attached" });
      const box = await count.boundingBox();
      await expect.poll(() => count.isVisible(), { timeout: 10_000 }).toBe(false);
      // Gone from sight, its place kept: nothing below it moved.
      expect(await count.boundingBox()).toEqual(box);
      await expect
        .poll(async () => (await fetch(`${inject("baseUrl")}/api/radio/now-playing`)).json())
        .toMatchObject({ listeners: null, listenersHidden: true });
    } finally {
      await setting.click();
      await expect.poll(() => setting.getAttribute("aria-checked")).toBe("true");
    }
    const home = await browser.newPage();
    await home.goto("/");
    await expect.poll(() => home.locator(".listener-count").isVisible(), { timeout: 10_000 }).toBe(true);
  });
});
