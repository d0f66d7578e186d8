// Share cards (issue 15): a played track has its own page, /share/{historyId}, whose link
// unfurls with the track's title and the station's card, and which opens the player; the
// share button hands out that page.
import { describe, expect, it } from "vitest";
import type { NowPlaying } from "#schema/api.ts";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { heroButton, playerBar } from "./support/site.ts";
import { stationHelper } from "./support/station.ts";

const browser = setupBrowser();

const ogTag = (html: string, property: string) =>
  html.match(new RegExp(`<meta property="${property}" content="([^"]*)">`))?.[1];

describe("a listener sharing the track they hear", () => {
  it("shares the track's own page, which unfurls with its title and card and opens the player", async () => {
    const { page } = browser;
    const nowPlaying = async () =>
      (await (await fetch(`${browser.baseUrl}/api/radio/now-playing`)).json()) as NowPlaying;
    // The live room is reading the station (a cold room's first track is the cron's to record).
    const before = await stationHelper.status();
    await expect.poll(async () => (await nowPlaying()).title, { timeout: 15_000 }).toBe(before.current.title);
    const { current } = await stationHelper.rotate();
    // The live room records the new track; now playing names its history row.
    let playing: NowPlaying | undefined;
    await expect
      .poll(
        async () => {
          playing = await nowPlaying();
          return playing.title === current.title ? (playing.historyId ?? null) : null;
        },
        { timeout: 15_000, interval: 250, message: "now playing names the recorded play" },
      )
      .not.toBeNull();
    const shareUrl = `${browser.baseUrl}/share/${playing?.historyId}`;

    // What a link preview reads.
    const html = await (await fetch(shareUrl)).text();
    expect(ogTag(html, "og:title")).toBe(`${current.title} by ${current.artist} on Lounge Radio`);
    const card = await fetch(ogTag(html, "og:image")?.replace(/^https?:\/\/[^/]+/, browser.baseUrl) ?? "");
    expect(card.headers.get("content-type")).toBe("image/png");

    // The share button hands out that page (Chromium on Linux has no share sheet: the dialog).
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    const shareButton = playerBar(page).getByRole("button", { name: "Share track" });
    await expect
      .poll(() => page.locator(".player-track-title").textContent(), { timeout: 10_000 })
      .toBe(current.title);
    await whenHydrated(shareButton);
    await shareButton.click();
    await page.getByRole("dialog").getByRole("button", { name: "Copy to clipboard" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 5_000 })
      .toContain(`/share/${playing?.historyId}`);

    // A person who opens it lands in the player.
    await page.goto(shareUrl);
    await whenHydrated(heroButton(page, "Start Listening"));
    expect(await playerBar(page).getByRole("button", { name: "Play" }).isVisible()).toBe(true);
  });
});
