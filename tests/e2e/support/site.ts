// The parts of the site every spec meets, found as a listener's browser finds them: a screen's
// main heading, the home page's hero button, the player bar, the notification area.
import type { Page, Response } from "playwright-core";
import { whenHydrated } from "./browser.ts";
import { expectAudioAdvancing } from "./station.ts";

/** Opens `path` and resolves once React owns the screen's h1 `heading`; answers the page load. */
export async function openScreen(page: Page, path: string, heading: string): Promise<Response | null> {
  const response = await page.goto(path);
  await whenHydrated(page.getByRole("main").getByRole("heading", { level: 1, name: heading, exact: true }));
  return response;
}

export const playerBar = (page: Page) => page.getByRole("region", { name: "Player" });

/** The home page's hero button: 'Start Listening', or 'Now Playing' while the radio plays. */
export const heroButton = (page: Page, name: "Start Listening" | "Now Playing") =>
  page.getByRole("button", { name, exact: true });

/** A toast's title or description, in the notification area (Radix also announces them elsewhere). */
export const toastText = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications (F8)" }).getByText(text, { exact: true });

/** Presses the hero's Start Listening once React owns it: a click on the prerendered button does nothing. */
export async function pressStartListening(page: Page): Promise<void> {
  const button = heroButton(page, "Start Listening");
  await whenHydrated(button);
  await button.click();
}

/** Opens the home page and presses Start Listening; resolves once the hd stream plays. */
export async function startListening(page: Page): Promise<void> {
  await page.goto("/");
  await pressStartListening(page);
  await expectAudioAdvancing(page, "/hd");
}
