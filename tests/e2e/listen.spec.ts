// Journey 1, Listen: a listener starts the radio from the home page and hears the local station,
// sees what is playing, switches quality, sets the volume and pauses.
// @project e2e-timing-2: it measures time, so it runs when the machine is quiet (ADR 022).
import { describe, expect, it } from "vitest";
import { playlist } from "#dev/station/playlist.ts";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { heroButton, playerBar, pressStartListening, startListening } from "./support/site.ts";
import { audioState, expectAudioAdvancing, stationHelper } from "./support/station.ts";

const browser = setupBrowser();

describe("a listener on the home page", () => {
  it("presses Start Listening and hears the station: the audio plays and the hero says Now Playing", async () => {
    const { page } = browser;
    await page.goto("/");
    await pressStartListening(page);
    await page.waitForFunction(
      () => {
        const audio = document.querySelector("audio");
        return !!audio && !audio.paused && audio.currentTime > 1;
      },
      undefined,
      { timeout: 20_000, polling: 100 },
    );
    expect((await audioState(page)).mount).toBe("/hd");
    await heroButton(page, "Now Playing").waitFor();
    expect(await heroButton(page, "Now Playing").getAttribute("aria-pressed")).toBe("true");
    await playerBar(page).getByRole("button", { name: "Pause" }).waitFor();
  });

  it("sees the station's new title on the Now Playing card within 5 s of a title change, while playing", async () => {
    const { page } = browser;
    await startListening(page);
    const card = page.getByRole("region", { name: "Now Playing" });
    // The title the card shows now (the station may have moved on since the page asked).
    const shownTitle = async () => {
      for (const { title } of playlist) {
        if (await card.getByText(title, { exact: true }).isVisible()) return title;
      }
      return undefined;
    };
    // Kept from the poll itself: the card may change between two reads.
    let before: string | undefined;
    await expect.poll(async () => (before = await shownTitle()), { timeout: 10_000 }).toBeDefined();
    if (!before) throw new Error("the card shows no playlist title");

    const changedAt = Date.now();
    const rotated = (await stationHelper.rotate()).current.title;
    expect(rotated).not.toBe(before);
    // The station also rotates by itself every 20 s, so the card may skip straight to a later
    // title: any title on air since the change counts, the one before it does not.
    const onAirSinceChange = new Set([rotated]);
    let shown: string | undefined;
    while (!shown && Date.now() - changedAt < 5000) {
      onAirSinceChange.add((await stationHelper.status()).current.title);
      for (const title of onAirSinceChange) {
        if (await card.getByText(title, { exact: true }).isVisible()) shown = title;
      }
      if (!shown) await new Promise((r) => setTimeout(r, 250));
    }
    expect(
      shown,
      `5 s after the change to "${rotated}" the card shows none of ${[...onAirSinceChange].join(", ")}`,
    ).toBeDefined();
    expect(await card.getByText(before, { exact: true }).count()).toBe(0);
    const artist = playlist.find((track) => track.title === shown)?.artist ?? "";
    expect(await card.getByText(artist, { exact: true }).isVisible()).toBe(true);
  }, 70_000);

  it("switches the quality to sd and back to hd while playing, and it keeps playing", async () => {
    const { page } = browser;
    await startListening(page);
    const quality = playerBar(page).getByRole("combobox", { name: "Stream quality" });
    expect(await quality.inputValue()).toBe("hd");

    await quality.selectOption("sd");
    await expectAudioAdvancing(page, "/sd", { seconds: 2 });
    await playerBar(page).getByRole("button", { name: "Pause" }).waitFor();
    await heroButton(page, "Now Playing").waitFor();

    await quality.selectOption("hd");
    await expectAudioAdvancing(page, "/hd", { seconds: 2 });
    await playerBar(page).getByRole("button", { name: "Pause" }).waitFor();
    await heroButton(page, "Now Playing").waitFor();
    expect(await quality.inputValue()).toBe("hd");
  }, 60_000);

  it("keeps the volume and the mute across a reload", async () => {
    const { page } = browser;
    await page.goto("/");
    const volume = playerBar(page).getByRole("slider", { name: "Volume" });
    // The player's settings are a lazy part of the bar (features/player/player-settings.tsx).
    await whenHydrated(volume);

    await volume.fill("40");
    expect(await volume.inputValue()).toBe("40");
    expect((await audioState(page)).volume).toBeCloseTo(0.4, 5);
    await page.reload();
    await expect.poll(() => volume.inputValue(), { timeout: 10_000 }).toBe("40");
    expect((await audioState(page)).volume).toBeCloseTo(0.4, 5);
    await whenHydrated(volume);

    await playerBar(page).getByRole("button", { name: "Mute" }).click();
    await playerBar(page).getByRole("button", { name: "Unmute" }).waitFor();
    expect(await volume.inputValue()).toBe("0");
    await page.reload();
    await expect.poll(() => volume.inputValue(), { timeout: 10_000 }).toBe("0");
    await whenHydrated(playerBar(page).getByRole("button", { name: "Unmute" }));
    expect((await audioState(page)).volume).toBe(0);

    // Unmuting brings the spec's 0.7 back.
    await playerBar(page).getByRole("button", { name: "Unmute" }).click();
    await expect.poll(() => volume.inputValue()).toBe("70");
  });

  it("pauses: the audio stops, the player offers Play and the hero Start Listening again", async () => {
    const { page } = browser;
    await startListening(page);
    await playerBar(page).getByRole("button", { name: "Pause" }).click();
    await playerBar(page).getByRole("button", { name: "Play" }).waitFor();
    await heroButton(page, "Start Listening").waitFor();
    expect((await audioState(page)).paused).toBe(true);
    // It stays paused: no reconnect brings the stream back by itself.
    await page.waitForTimeout(2000);
    expect((await audioState(page)).paused).toBe(true);
    expect(await heroButton(page, "Start Listening").getAttribute("aria-pressed")).toBe("false");

    // The stretch just heard is the listener's own listening on /analytics.
    await page.goto("/analytics");
    // The section is below the fold: it renders as the listener scrolls to it (ADR 051).
    await page.getByText("Total plays").waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const mine = page.getByRole("region", { name: "Your listening" });
    await mine.getByText("In total", { exact: true }).waitFor();
    expect(await mine.locator(".stat-value").allTextContents()).toEqual(["under 1 min", "under 1 min"]);
  });
});
