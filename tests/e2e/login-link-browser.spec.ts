// A login link logs in by itself only in the browser that asked for it (login CSRF): opened in a
// fresh browser, as an attacker would send it to a victim, it asks first and logs in only when
// the button is pressed. The asking browser's own auto-submit is walked in favorites-login.spec.ts.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { requestLoginLink, uniqueEmail } from "./support/auth.ts";
import { setupBrowser } from "./support/browser.ts";

const browser = setupBrowser();

/** The newest link mailed to `email`, as the debug route lists it. */
async function linkFor(page: Page, email: string): Promise<string> {
  return page.evaluate(async (to) => {
    const res = await fetch("/api/auth/debug-tokens");
    const { tokens } = (await res.json()) as { tokens: { email: string; link: string }[] };
    return tokens.find((t) => t.email === to)?.link ?? "";
  }, email);
}

const currentUser = (page: Page) =>
  page.evaluate(async () => (await fetch("/api/auth/me")).json() as Promise<{ email: string } | null>);

describe("a login link opened in another browser", () => {
  it("does not log that browser in until its button is pressed", async () => {
    const { page } = browser;
    const email = uniqueEmail("asker");
    await page.goto("/");
    await requestLoginLink(page, email);
    const link = await linkFor(page, email);
    expect(link).toMatch(/\/api\/auth\/verify\?token=/);

    // A fresh browser (no cookie of the one that asked) opens the link.
    const victim = await browser.newPage();
    await victim.goto(link);
    const masked = `${email[0]}\u2022\u2022\u2022@example.com`;
    await victim.getByText(`Log in as ${masked}?`, { exact: true }).waitFor();
    // The auto-submit would have run on load; give it time to have navigated, had it been served.
    await victim.waitForLoadState("load");
    await victim.waitForTimeout(2_000);
    expect(new URL(victim.url()).pathname).toBe("/api/auth/verify");
    expect(await currentUser(victim)).toBeNull();

    await victim.getByRole("button", { name: "Log in" }).click();
    await victim.getByText("Welcome back!", { exact: true }).waitFor();
    expect(await currentUser(victim)).toMatchObject({ email });
  });
});
