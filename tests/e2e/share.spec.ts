// Share cards (docs/product.md §10): a played track has its own page, /share/{historyId}, whose link
// unfurls with the track's title and the station's card, and which opens the player; the
// share button hands out that page.
import { describe, expect, it } from "vitest";
import type { NowPlaying } from "#schema/api.ts";
import { fallbackTrack } from "#schema/station.ts";
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
    // The live room is reading the station (a cold room's first track is the cron's to record);
    // a change it sees, it records, and now playing names that row. The station may move on by
    // itself meanwhile: any recorded play will do, checked against the track it names.
    await expect
      .poll(async () => (await nowPlaying()).title, { timeout: 15_000 })
      .not.toBe(fallbackTrack.title);
    await stationHelper.rotate();
    let playing: NowPlaying | undefined;
    await expect
      .poll(
        async () => {
          playing = await nowPlaying();
          return playing.historyId ?? null;
        },
        {
          timeout: 15_000,
          interval: 250,
          message: "now playing names the recorded play",
        },
      )
      .not.toBeNull();
    const shareUrl = `${browser.baseUrl}/share/${playing?.historyId}`;

    // What a link preview reads.
    const html = await (await fetch(shareUrl)).text();
    expect(ogTag(html, "og:title")).toBe(`${playing?.title} by ${playing?.artist} on Lounge Radio`);
    const card = await fetch(ogTag(html, "og:image")?.replace(/^https?:\/\/[^/]+/, browser.baseUrl) ?? "");
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/png");
    // The track's own card, drawn by the worker that wrangler built: 1200x630 in its PNG header.
    const header = new DataView(await card.arrayBuffer());
    expect([header.getUint32(16), header.getUint32(20)]).toEqual([1200, 630]);

    // The share button hands out that page (Chromium on Linux has no share sheet: the dialog).
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    const shareButton = playerBar(page).getByRole("button", { name: "Share track" });
    await expect
      .poll(() => page.locator(".player-track-title").textContent(), { timeout: 10_000 })
      .not.toMatch(/^\s*$/);
    await whenHydrated(shareButton);
    await shareButton.click();
    await page.getByRole("dialog").getByRole("button", { name: "Copy to clipboard" }).click();
    // "Now playing on Lounge Radio: {title} by {artist} {url}": the station may have moved on
    // meanwhile (other specs rotate it), so the link is checked against the track it names.
    let copied = "";
    await expect
      .poll(
        async () => {
          copied = await page.evaluate(() => navigator.clipboard.readText());
          return copied;
        },
        { timeout: 5_000 },
      )
      .toMatch(/\/share\/\d+$/);
    const [, named, link] = copied.match(/^Now playing on Lounge Radio: (.+) (\S+)$/) ?? [];
    const sharedHtml = await (await fetch(link ?? "")).text();
    expect(ogTag(sharedHtml, "og:title")).toBe(`${named} on Lounge Radio`);

    // A person who opens it lands in the player.
    await page.goto(shareUrl);
    await whenHydrated(heroButton(page, "Start Listening"));
    expect(await playerBar(page).getByRole("button", { name: "Play" }).isVisible()).toBe(true);
  });
});
