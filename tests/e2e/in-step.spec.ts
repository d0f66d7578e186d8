// Titles in step with the music (ADR 020): Chromium plays the local station at mobile quality
// (64 kbit/s, so Icecast's burst alone puts the listener about 8 s behind the host) with an
// analyser that hears each track's tone; the player bar's title must change when the new tone
// becomes audible, not when the host changed, also after a pause and resume.
// @project e2e-timing-3: it holds a tone or a title to 100 ms, so it runs alone (ADR 022).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { measureChange, waitForSound } from "#dev/bench-sync/measure.ts";
import { type ChangeOffsets, type HeardRotation, installSyncProbe } from "#dev/bench-sync/page-probe.ts";
import { playlist } from "#dev/station/playlist.ts";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { stationHelper } from "./support/station.ts";

const browser = setupBrowser();
/** What a CI machine holds; the benchmark (npm run bench:sync) measures the real figures. */
const toleranceMs = 2000;

async function rotateAndMeasure(page: Page): Promise<ChangeOffsets> {
  const since = Date.now();
  return measureChange(page, (await stationHelper.rotate()) as HeardRotation, since);
}

describe("the title in step with the music", () => {
  it("changes when the listener hears the new track, not seconds before, also after a pause and resume", async () => {
    const { page } = browser;
    await page.addInitScript(
      installSyncProbe,
      playlist.map((track) => track.tone),
    );
    await page.addInitScript(() => localStorage.setItem("stream-quality", "mobile"));
    await page.goto("/");
    const player = page.getByRole("region", { name: "Player" });
    await whenHydrated(player.getByRole("button", { name: "Play", exact: true }));
    // The player's lazy parts (its delay estimate among them) arrive once the page is idle.
    await page.waitForLoadState("networkidle");
    let since = Date.now();
    await player.getByRole("button", { name: "Play", exact: true }).click();
    await waitForSound(page, since);

    const first = await rotateAndMeasure(page);
    // On receipt, the title would have changed seconds before the music: the test can fail.
    expect(first.receipt).toBeLessThan(-toleranceMs);
    expect(Math.abs(first.title)).toBeLessThanOrEqual(toleranceMs);

    await player.getByRole("button", { name: "Pause", exact: true }).click();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    since = Date.now();
    await player.getByRole("button", { name: "Play", exact: true }).click();
    await waitForSound(page, since);
    const afterPause = await rotateAndMeasure(page);
    expect(Math.abs(afterPause.title)).toBeLessThanOrEqual(toleranceMs);
  }, 90_000);
});
