// Journey 4, Sleep timer: a listener sets the radio to stop in 15 minutes, sees the countdown, finds
// it again after a reload, hears the radio stop at zero, and cancels a timer.
// @project e2e-timing-2: it measures time, so it runs when the machine is quiet (ADR 022).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { heroButton, playerBar, pressStartListening } from "./support/site.ts";
import { audioState, expectAudioAdvancing } from "./support/station.ts";

const browser = setupBrowser();

// Named "Sleep timer", and "Sleep timer, 14:59 left" while it runs (the countdown it shows).
const sleepTimerButton = (page: Page) =>
  page.getByRole("button", { name: /^Sleep timer(, \d+:\d\d left)?$/ });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Sleep Timer" });
const countdown = (page: Page) => dialog(page).getByRole("timer");

async function openDialog(page: Page): Promise<void> {
  // The button's code is a lazy part of the header (web/ui/deferred.tsx).
  await whenHydrated(sleepTimerButton(page));
  await sleepTimerButton(page).click();
  await dialog(page).waitFor();
}

async function closeDialog(page: Page): Promise<void> {
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await dialog(page).waitFor({ state: "detached" });
}

/** Seconds left on the countdown the dialog shows (mm:ss). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await countdown(page).textContent()) ?? "";
  const match = /^(\d\d):(\d\d)$/.exec(text);
  if (!match) throw new Error(`the countdown reads "${text}", not mm:ss`);
  return Number(match[1]) * 60 + Number(match[2]);
}

async function startTimer(page: Page, minutes: number): Promise<void> {
  await openDialog(page);
  await dialog(page).getByText("Stop the radio automatically after:").waitFor();
  await dialog(page)
    .getByRole("button", { name: `${minutes} minutes`, exact: true })
    .click();
  // Once the server has the timer the dialog closes.
  await dialog(page).waitFor({ state: "detached" });
}

async function expectIdle(page: Page): Promise<void> {
  await openDialog(page);
  await dialog(page).getByText("Stop the radio automatically after:").waitFor();
  for (const minutes of [15, 30, 45, 60, 90]) {
    await dialog(page)
      .getByRole("button", { name: `${minutes} minutes`, exact: true })
      .waitFor();
  }
  expect(await countdown(page).count()).toBe(0);
  await closeDialog(page);
  expect((await sleepTimerButton(page).textContent())?.trim()).toBe("");
}

describe("a listener with the sleep timer", () => {
  it("starts 15 minutes and sees the countdown, which a reload restores", async () => {
    const { page } = browser;
    await page.goto("/");
    await startTimer(page, 15);
    // Just started: 15:00 for the first second, then 14:59, 14:58 ... (the header button shows it too).
    await expect.poll(() => sleepTimerButton(page).textContent()).toMatch(/^(15:00|14:5\d)$/);

    await openDialog(page);
    await dialog(page).getByText("Radio will stop in 15 minutes", { exact: true }).waitFor();
    expect(await countdown(page).textContent()).toMatch(/^(15:00|14:5\d)$/);
    const first = await secondsLeft(page);
    await expect.poll(() => secondsLeft(page), { timeout: 3000 }).toBeLessThan(first);

    await page.reload();
    // Restored from the server: still running, about as much time left, still counting down.
    await expect.poll(() => sleepTimerButton(page).textContent(), { timeout: 10_000 }).toMatch(/^14:[45]\d$/);
    await openDialog(page);
    await dialog(page).getByText("Radio will stop in 15 minutes", { exact: true }).waitFor();
    const restored = await secondsLeft(page);
    expect(restored).toBeLessThan(first);
    expect(restored).toBeGreaterThan(first - 20);
    await expect.poll(() => secondsLeft(page), { timeout: 3000 }).toBeLessThan(restored);
  });

  it("pauses the radio at zero, also when the timer was restored after a reload", async () => {
    const { page } = browser;
    // The page's clock is faked but starts at the real time: the server keeps the real end time.
    await page.clock.install({ time: Date.now() });
    await page.goto("/");
    await startTimer(page, 15);
    await page.reload();
    await expect.poll(() => sleepTimerButton(page).textContent(), { timeout: 10_000 }).toMatch(/^14:[45]\d$/);

    await pressStartListening(page);
    await expectAudioAdvancing(page, "/hd");
    const player = playerBar(page);
    await player.getByRole("button", { name: "Pause" }).waitFor();

    // A minute before the end the radio still plays at the listener's volume.
    await page.clock.fastForward("14:00");
    await expect.poll(() => sleepTimerButton(page).textContent()).toMatch(/^00:[45]\d$/);
    expect((await audioState(page)).paused).toBe(false);
    expect((await audioState(page)).volume).toBeCloseTo(0.7, 5);

    // About 5 s before the end the volume fades out, and the radio still plays.
    const left = Number(/^00:(\d\d)$/.exec((await sleepTimerButton(page).textContent()) ?? "")?.[1]);
    await page.clock.fastForward((left - 5) * 1000);
    await expect.poll(async () => (await audioState(page)).volume, { timeout: 2000 }).toBeLessThan(0.7 * 0.6);
    const fading = await audioState(page);
    expect(fading.volume).toBeGreaterThan(0);
    expect(fading.paused).toBe(false);

    // The clock runs on by itself: at zero the radio pauses.
    await player.getByRole("button", { name: "Play" }).waitFor({ timeout: 10_000 });
    expect((await audioState(page)).paused).toBe(true);
    await heroButton(page, "Start Listening").waitFor();
    // The listener's volume is back for the next time, and the timer is idle.
    await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(0.7, 5);
    await expectIdle(page);
  });

  it("cancels a running timer and is back to idle, also after a reload", async () => {
    const { page } = browser;
    await page.goto("/");
    await startTimer(page, 30);
    await openDialog(page);
    await dialog(page).getByText("Radio will stop in 30 minutes", { exact: true }).waitFor();
    expect(await countdown(page).textContent()).toMatch(/^(30:00|29:5\d)$/);

    await dialog(page).getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog(page).getByText("Stop the radio automatically after:").waitFor();
    await closeDialog(page);
    await expectIdle(page);

    // After the restore call has answered, a timer the server still had would show up again.
    const restoreCall = page.waitForResponse(
      (res) => res.request().method() === "GET" && res.url().includes("/api/sleep-timer/"),
    );
    await page.reload();
    expect(await (await restoreCall).json()).toEqual({ active: false, endTime: null });
    await page.waitForTimeout(500);
    await expectIdle(page);
  });
});
