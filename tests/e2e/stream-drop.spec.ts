// Journey 2, Stream drop: the station's hd feed goes off air while a listener plays it; the player
// says it is reconnecting and, once the feed is back, plays again without a click.
// @project e2e-timing-1: it measures time, so it runs when the machine is quiet (ADR 022).
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser.ts";
import { playerBar, startListening } from "./support/site.ts";
import { audioState, expectAudioAdvancing, stationHelper } from "./support/station.ts";

const browser = setupBrowser();

describe("a listener whose stream drops", () => {
  it("sees Reconnecting… while the hd feed is off air and hears the radio again once it is back, without a click", async () => {
    const { page } = browser;
    await startListening(page);
    const player = playerBar(page);
    const status = player.getByRole("status");
    expect(await status.textContent()).toBe("");

    try {
      expect(await stationHelper.stopFeed("hd")).toEqual({ hd: false });
      await expect.poll(() => status.textContent(), { timeout: 30_000, interval: 100 }).toBe("Reconnecting…");
      // The listener did not pause: the player still offers Pause, not Play.
      await player.getByRole("button", { name: "Pause" }).waitFor({ timeout: 1000 });
    } finally {
      // The station is shared by every spec: the hd feed is back on air whatever happened here.
      await stationHelper.startFeed("hd");
    }
    expect((await stationHelper.status()).feeds.hd).toBe(true);

    // Back on hd; or on sd, when the drop lasted long enough on a busy machine for automatic
    // quality (docs/product.md §10) to count its stalls and step down: the radio plays again either way.
    await expectAudioAdvancing(page, ["/hd", "/sd"], { seconds: 2, timeout: 40_000 });
    await expect.poll(() => status.textContent(), { timeout: 5000 }).toBe("");
    expect((await audioState(page)).paused).toBe(false);
    await page.getByRole("button", { name: "Now Playing", exact: true }).waitFor({ timeout: 1000 });
  }, 120_000);
});
