// Passwordless login as a listener does it, with /pb/debug standing in for the inbox
// (debug login links are on locally: DEBUG_LOGIN_LINKS in dev/local.env).
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { whenHydrated } from "./browser.ts";

/** An address no other test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Fills the open login dialog and sends; resolves once it says the link was sent. */
export async function sendLoginLinkFromDialog(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.waitFor();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send login link" }).click();
  const sent = page.getByRole("dialog", { name: "Check your email" });
  await sent.getByText(`We sent a login link to ${email}. The link expires in 15 minutes.`).waitFor();
  // The text button (the corner × is also named Close).
  await sent.getByText("Close", { exact: true }).click();
  await sent.waitFor({ state: "detached" });
}

/** Opens the login dialog from the player bar's 'Log in' button and requests a link. */
export async function requestLoginLink(page: Page, email: string): Promise<void> {
  const logIn = page.getByRole("region", { name: "Player" }).getByRole("button", { name: "Log in" });
  await whenHydrated(logIn);
  await logIn.click();
  await sendLoginLinkFromDialog(page, email);
}

/**
 * Reads the unused login link for `email` on /pb/debug and opens it with 'Open Link'; resolves
 * once the site says 'Welcome back!' on the home page.
 */
export async function openLoginLinkFromDebugPage(page: Page, email: string): Promise<void> {
  await page.goto("/pb/debug");
  await page.getByRole("heading", { level: 1, name: "DEBUG LOGIN" }).waitFor();
  const name = `Open Link for ${email}`;
  // The one card whose 'Open Link' is enabled: earlier links for the address are used.
  const usable = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name, exact: true, disabled: false }) });
  const open = usable.getByRole("button", { name, exact: true });
  await whenHydrated(open);
  expect(await usable.count(), `usable login links for ${email} on /pb/debug`).toBe(1);
  expect(await usable.locator("code").textContent()).toMatch(/\/api\/auth\/verify\?token=/);
  await open.click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByText("Welcome back!", { exact: true }).waitFor();
  await page.getByText("You're now logged in. Your favorites are synced.", { exact: true }).waitFor();
  await expect.poll(() => new URL(page.url()).search, { message: "?auth= leaves the address" }).toBe("");
}
