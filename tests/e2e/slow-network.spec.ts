// A listener on a network slower than the hd stream (docs/product.md §10, automatic quality): Chromium's
// own throttling holds the page to 200 kbps, less than hd's 320 and more than sd's 128. The
// hd stream never gets going; the player steps down by itself, says so, and plays, while the
// listener's stored choice stays hd.
// @project e2e-timing-1: it measures time, so it runs when the machine is quiet (ADR 022).
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser.ts";
import { playerBar, pressStartListening, toastText } from "./support/site.ts";
import { audioState, expectAudioAdvancing } from "./support/station.ts";

const browser = setupBrowser();

describe("a listener on a slow network", () => {
  it("hears the radio step down from hd by itself and keep playing", async () => {
    const { page } = browser;
    await page.goto("/");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 50,
      downloadThroughput: (200 * 1000) / 8,
      uploadThroughput: (200 * 1000) / 8,
    });
    await pressStartListening(page);
    const quality = playerBar(page).getByRole("combobox", { name: "Stream quality" });
    await expect
      .poll(() => quality.inputValue(), {
        timeout: 45_000,
        interval: 250,
        message: "the quality stepped down",
      })
      .not.toBe("hd");
    const now = await quality.inputValue();
    await toastText(page, `Switched to ${now === "sd" ? "SD" : "Mobile"} quality`).waitFor();
    await expectAudioAdvancing(page, `/${now}`, { seconds: 3, timeout: 30_000 });
    expect((await audioState(page)).mount).toBe(`/${now}`);
    await playerBar(page).getByRole("button", { name: "Pause" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("stream-quality"))).toBeNull();
  }, 90_000);
});
