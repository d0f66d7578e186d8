// Journey 3: a new visitor's favorites, from anonymous to logged in (docs/product.md §2, §4, §9).
// The visitor listens a moment (which makes the browser's anonymous session id), has a favorite
// saved under that id, taps the heart of the current track in the player bar while logged out
// (the login dialog opens, the pending favorite is kept), logs in with the e-mailed link (read on
// /pb/debug), and finds both favorites on /favorites, on this device and on a second one logged
// in with a second link, and downloads them.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { playlist } from "#dev/station/playlist.ts";
import type { PendingFavorite } from "#schema/api.ts";
import {
  openLoginLinkFromDebugPage,
  requestLoginLink,
  sendLoginLinkFromDialog,
  uniqueEmail,
} from "./support/auth.ts";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { playerBar } from "./support/site.ts";

const browser = setupBrowser();

type TrackRef = { trackTitle: string; trackArtist: string };

/** The player bar's current title (CSS: a modal dialog hides the bar from the accessibility tree). */
/**
 * The player bar's title and artist, read together in one task: read one after the other, a
 * title change pushed between the two reads paired one track's title with the next one's artist.
 */
const playerTrack = (page: Page) =>
  page.evaluate(() => {
    const text = (part: string) =>
      document.querySelector(`.player-bar .player-track-${part}`)?.textContent?.trim() ?? "";
    return { title: text("title"), artist: text("artist") };
  });

function removeButton(page: Page, track: TrackRef) {
  return page
    .getByRole("main")
    .getByRole("button", { name: `Remove ${track.trackTitle} by ${track.trackArtist} from favorites` });
}

/** The favorites listed on /favorites, reached by the header link as a listener would. */
async function openFavorites(page: Page, expected: TrackRef[]): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAVORITES" }).click();
  await page.getByRole("heading", { level: 1, name: "Your Favorites" }).waitFor();
  for (const track of expected) await removeButton(page, track).waitFor();
  await expect
    .poll(() => page.getByRole("main").getByRole("listitem").count(), {
      message: "the number of tracks on /favorites",
    })
    .toBe(expected.length);
}

describe("a new visitor's favorites, from anonymous to logged in", () => {
  it("keeps the anonymous favorite and the heart tapped before login, on every device", async () => {
    const { page } = browser;
    const email = uniqueEmail("favorites");

    await page.goto("/");
    const heart = playerBar(page).getByRole("button", { name: "Add to favorites" });
    await whenHydrated(heart);
    // The station's title once the page has it (a fresh site shows its own name first).
    const onAirIndex = async () => {
      const playing = await playerTrack(page);
      return playlist.findIndex((t) => t.title === playing.title && t.artist === playing.artist);
    };
    await expect
      .poll(onAirIndex, { message: "the player bar shows a title of the station", timeout: 15_000 })
      .toBeGreaterThan(-1);
    const onAir = await onAirIndex();

    // An earlier favorite of this browser's anonymous session: the track played before this one
    // (it comes round again only after five more titles, well after this test).
    const before = playlist[(onAir + playlist.length - 1) % playlist.length];
    if (!before) throw new Error("empty playlist");
    const anonymous: TrackRef = { trackTitle: before.title, trackArtist: before.artist };
    // The browser's anonymous session id comes with its first stretch of listening: a first visit
    // that never played has none.
    const storedId = () => page.evaluate(() => localStorage.getItem("radio-session-id"));
    expect(await storedId()).toBeNull();
    await playerBar(page).getByRole("button", { name: "Play", exact: true }).click();
    // The recorder is part of the player's lazy integrations, which also tell the lock screen:
    // once it says "playing", the stretch has begun and Pause ends it.
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.playbackState), {
        message: "the player's integrations see it playing",
        // They mount once the browser is idle after the page starts (ADR 051).
        timeout: 5000,
      })
      .toBe("playing");
    await playerBar(page).getByRole("button", { name: "Pause", exact: true }).click();
    await expect
      .poll(storedId, { message: "the anonymous session id made by the first stretch" })
      .toMatch(/^session-\d+-[A-Za-z0-9]+$/);
    const anonymousId = await storedId();
    const created = await page.evaluate(
      async (body) => {
        const res = await fetch("/api/favorites", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        return res.status;
      },
      { sessionId: anonymousId, ...anonymous, trackAlbum: before.album, trackArtwork: null },
    );
    expect(created).toBe(201);
    await openFavorites(page, [anonymous]);

    // Logged out, the heart of the current track keeps a pending favorite and asks to log in.
    const shownBefore = (await playerTrack(page)).title;
    await heart.click();
    await page.getByRole("dialog", { name: "Log in" }).waitFor();
    const shownAfter = (await playerTrack(page)).title;
    const stored = await page.evaluate(() => localStorage.getItem("pending_favorite"));
    expect(stored, "pending_favorite in local storage").not.toBeNull();
    const pending = JSON.parse(stored ?? "null") as PendingFavorite;
    // The track the bar showed when the heart was tapped (a poll may land in between).
    expect([shownBefore, shownAfter]).toContain(pending.trackTitle);
    expect(playlist.some((t) => t.title === pending.trackTitle && t.artist === pending.trackArtist)).toBe(
      true,
    );
    expect(pending.trackTitle).not.toBe(anonymous.trackTitle);
    const pendingRef: TrackRef = { trackTitle: pending.trackTitle, trackArtist: pending.trackArtist };

    await sendLoginLinkFromDialog(page, email);
    await openLoginLinkFromDebugPage(page, email);
    await playerBar(page).getByRole("button", { name: "Log out" }).waitFor();
    // The pending favorite was posted, then cleared; the anonymous session's favorites migrated once.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("pending_favorite")), {
        message: "pending_favorite cleared after login",
      })
      .toBeNull();
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Object.keys(sessionStorage).filter(
              (key) => key.startsWith("favorites-migrated-") && sessionStorage.getItem(key) === "true",
            ),
          ),
        { message: "the per-user migrated flag in session storage" },
      )
      .toHaveLength(1);
    await openFavorites(page, [pendingRef, anonymous]);

    // A second device logs in with a second link for the same address and sees the same favorites.
    const other = await browser.newPage();
    await other.goto("/");
    await requestLoginLink(other, email);
    await openLoginLinkFromDebugPage(other, email);
    await openFavorites(other, [pendingRef, anonymous]);

    // Removing one there removes it everywhere.
    await removeButton(other, anonymous).click();
    await other.getByText("Removed from favorites", { exact: true }).waitFor();
    await removeButton(other, anonymous).waitFor({ state: "detached" });
    expect(await other.getByRole("main").getByRole("listitem").count()).toBe(1);
    await removeButton(other, pendingRef).waitFor();

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Your Favorites" }).waitFor();
    await removeButton(page, pendingRef).waitFor();
    expect(await removeButton(page, anonymous).count()).toBe(0);
    expect(await page.getByRole("main").getByRole("listitem").count()).toBe(1);

    // The list is the listener's to take: the CSV holds the favorite that is left.
    const downloadCsv = page.getByRole("button", { name: "Download CSV" });
    await whenHydrated(downloadCsv);
    const [download] = await Promise.all([page.waitForEvent("download"), downloadCsv.click()]);
    expect(download.suggestedFilename()).toMatch(/-favorites-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv).toContain(`${pendingRef.trackTitle},${pendingRef.trackArtist},`);
    expect(csv).not.toContain(anonymous.trackTitle);
  });
});
