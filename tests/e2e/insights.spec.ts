// Station insights (ADR 021), as the operator uses them: logged out, the screen asks for the
// admin login and the call answers 401; logged in, listeners now follows the local station's
// invented listeners; and switching the public count off hides it on the home page, without
// moving anything, until it is switched on again. And the month's reports (ADR 038): the plays
// the live room followed today, with the ISRCs it found at the MusicBrainz stand-in, downloaded
// from /pb/reports as SoundExchange's Report of Use and as CSV.
// @project e2e-timing-1: it measures time, so it runs when the machine is quiet (ADR 022).
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { ReportSummary } from "#schema/api/reports.ts";
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
      // The worker keeps the room's answer a moment (worker/live/index.ts): on a busy machine
      // the default second of polling was not always enough.
      await expect
        .poll(async () => (await fetch(`${inject("baseUrl")}/api/radio/now-playing`)).json(), {
          timeout: 10_000,
        })
        .toMatchObject({ listeners: null, listenersHidden: true });
    } finally {
      await setting.click();
      await expect.poll(() => setting.getAttribute("aria-checked")).toBe("true");
    }
    const home = await browser.newPage();
    await home.goto("/");
    await expect.poll(() => home.locator(".listener-count").isVisible(), { timeout: 10_000 }).toBe(true);
  });

  it("downloads today's reports with the ISRCs the live room found", async () => {
    const { page } = browser;
    await loginOnAdminScreen(page);
    await page.getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { level: 1, name: "Performance Reports" }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    // The live room has followed the station since the site started. Two tracks of the playlist
    // have no ISRC at the stand-in: the station moves on until a play with one is in.
    const summaryNow = async () =>
      (await (
        await page.request.get(`/api/reports/summary?from=${today}&to=${today}`)
      ).json()) as ReportSummary;
    await expect
      .poll(
        async () => {
          const summary = await summaryNow();
          if (summary.recordingsWithIsrc === 0) await stationHelper.rotate();
          return summary.recordingsWithIsrc;
        },
        { timeout: 30_000, interval: 3_000 },
      )
      .toBeGreaterThan(0);
    await whenHydrated(page.getByLabel("From", { exact: true }));
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByLabel("To", { exact: true }).fill(today);
    const plays = page
      .getByLabel("The period in figures")
      .locator("div", { hasText: /^Plays/ })
      .locator("dd");
    await expect
      .poll(async () => Number((await plays.textContent())?.replace(/\D/g, "")), { timeout: 10_000 })
      .toBeGreaterThan(0);

    const form = page.getByRole("form", { name: "Who files" });
    await form.getByLabel("Name of the service").fill("Lounge Radio");
    await form.getByLabel("Contact name").fill("Ada Operator");
    await form.getByLabel("Street address").fill("1 Harbour Street");
    await form.getByLabel("City, state and ZIP code").fill("Portland, OR 97201");
    await form.getByLabel("Telephone").fill("+1 503 555 0100");
    await form.getByLabel("E-mail").fill("reports@example.com");
    await form.getByRole("button", { name: "Save" }).click();

    const stamp = today.replaceAll("-", "");
    const [report] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download SoundExchange report" }).click(),
    ]);
    expect(report.suggestedFilename()).toBe(`LoungeRadio${stamp}-${stamp}.txt`);
    const lines = (await readFile(await report.path(), "latin1")).split("\r\n");
    expect(lines.slice(0, 2)).toEqual(["Lounge Radio", "Ada Operator"]);
    const rows = lines.slice(14, -1).map((line) => line.split("\t"));
    expect(rows.length).toBe(Number(lines[9]));
    // Every playlist track but two (Soft Static is unknown, Paper Lanterns has no ISRC) has one.
    const isrcs = rows.map((row) => row[4]).filter((isrc) => /^\^QZLRD26\d{5}\^$/.test(isrc ?? ""));
    expect(isrcs.length).toBeGreaterThan(0);

    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download every play (CSV)" }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`plays-${today}-to-${today}.csv`);
    const csvLines = (await readFile(await csv.path(), "utf8")).split("\r\n");
    expect(csvLines[0]).toMatch(/^played_at,duration_seconds,title,artist,album,isrc,label,/);
    expect(csvLines.length - 2).toBeGreaterThanOrEqual(rows.length);
  });
});
