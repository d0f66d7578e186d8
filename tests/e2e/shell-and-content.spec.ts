// Journey 6: the shell and the content screens (docs/product.md §2): every route of the route table
// renders its screen, unknown slugs and routes show their not-found texts, the theme toggle
// persists across a reload, the mobile menu works at 375 px, and the contact form validates and
// sends. (tests/e2e/shell.spec.ts covers the header, deep links and the inline boot script.)
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { station } from "#schema/station.ts";
import { createPageThroughApi, uniqueSlug } from "./support/admin.ts";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { openScreen, toastText } from "./support/site.ts";

const browser = setupBrowser();

const contentSlug = uniqueSlug("e2e-content");
const contentTitle = `Content page ${contentSlug}`;

beforeAll(async () => {
  await createPageThroughApi({
    title: contentTitle,
    slug: contentSlug,
    content: "<h2>Office audio</h2><p>Lounge music for focused work.</p>",
    metaDescription: "A page made by the end-to-end shell journey.",
    published: true,
  });
});

type Screen = {
  path: string;
  /** The screen's h1. */
  heading: string;
  /** Text the screen shows once the app has it (data loaded where there is any). */
  text: string;
  /** The document title the screen sets. */
  title: string;
  /** The header link marked as the current page. */
  navLabel?: string;
};

const screens: Screen[] = [
  {
    path: "/",
    heading: station.name,
    text: "Start Listening",
    title: `${station.name} - Lounge, Chillout & Nujazz Radio`,
    navLabel: "HOME",
  },
  {
    path: "/about",
    heading: `About ${station.name}`,
    text: "Our Story",
    title: `About | ${station.name}`,
    navLabel: "ABOUT PB",
  },
  {
    path: "/contact",
    heading: "Contact",
    text: "Send us a message",
    title: `Contact | ${station.name}`,
    navLabel: "CONTACT",
  },
  {
    path: "/history",
    heading: "Track History",
    text: "unique track(s)",
    title: `Track History | ${station.name}`,
    navLabel: "TRACK HISTORY",
  },
  {
    path: "/favorites",
    heading: "Your Favorites",
    text: "No favorites yet.",
    title: `Favorites | ${station.name}`,
    navLabel: "FAVORITES",
  },
  {
    path: "/analytics",
    heading: "Listening Statistics",
    text: "Total plays",
    title: `Listening Statistics | ${station.name}`,
    navLabel: "PM STATS",
  },
  {
    path: "/install",
    heading: `Install ${station.name}`,
    text: "iPhone and iPad",
    title: `Install the App | ${station.name}`,
  },
  {
    path: `/page/${contentSlug}`,
    heading: contentTitle,
    text: "Lounge music for focused work.",
    title: `${contentTitle} | ${station.name}`,
  },
  { path: "/pb", heading: "Admin Login", text: "Password", title: `Content Management | ${station.name}` },
  { path: "/pb/debug", heading: "DEBUG LOGIN", text: "Refresh", title: `Debug Login | ${station.name}` },
  { path: "/template", heading: "Page Title", text: "Section heading", title: `Template | ${station.name}` },
];

describe("every route of the route table", () => {
  it.each(screens)("$path renders its screen", async ({ path, heading, text, title, navLabel }) => {
    const { page } = browser;
    const response = await openScreen(page, path, heading);
    expect(response?.status()).toBe(200);
    await page.getByRole("main").getByText(text).first().waitFor();
    await expect.poll(() => page.title()).toBe(title);
    const current = page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]');
    if (navLabel) {
      expect(await current.allTextContents()).toEqual([navLabel]);
    } else {
      expect(await current.count()).toBe(0);
    }
  });

  it("shows 'Page Not Found' for an unknown slug", async () => {
    const { page } = browser;
    await openScreen(page, `/page/${uniqueSlug("no-such-page")}`, "Page Not Found");
    const main = page.getByRole("main");
    await main
      .getByText("The page you're looking for doesn't exist or has been removed.", { exact: true })
      .waitFor();
    await expect.poll(() => page.title()).toBe(`Page Not Found | ${station.name}`);
  });

  it("shows the not-found screen for an unknown route, with a way back home", async () => {
    const { page } = browser;
    await openScreen(page, "/no-such-route/anywhere", "Page Not Found");
    const main = page.getByRole("main");
    await main.getByText(/This frequency isn't broadcasting\./).waitFor();
    const back = main.getByRole("link", { name: "Back to Home" });
    await whenHydrated(back);
    await back.click();
    await page.waitForURL((url) => url.pathname === "/");
    await main.getByRole("heading", { level: 1, name: station.name }).waitFor();
  });
});

describe("the theme toggle", () => {
  const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
  const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem("theme"));

  it("switches between dark (the default) and light, and keeps the choice across a reload", async () => {
    const { page } = browser;
    const header = page.getByRole("banner");
    await page.goto("/");
    expect(await isDark(page)).toBe(true);
    expect(await storedTheme(page)).toBeNull();

    const toLight = header.getByRole("button", { name: "Switch to light theme" });
    await whenHydrated(toLight);
    await toLight.click();
    await header.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    expect(await isDark(page)).toBe(false);
    expect(await storedTheme(page)).toBe("light");

    await page.reload();
    expect(await isDark(page)).toBe(false);
    const toDark = header.getByRole("button", { name: "Switch to dark theme" });
    await whenHydrated(toDark);
    await toDark.click();
    await header.getByRole("button", { name: "Switch to light theme" }).waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await storedTheme(page)).toBe("dark");

    await page.reload();
    expect(await isDark(page)).toBe(true);
    await whenHydrated(header.getByRole("button", { name: "Switch to light theme" }));
  });
});

describe("the mobile menu at 375 px", () => {
  it("opens, lists the six links, navigates and closes", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    expect(
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "PM STATS" })
        .isVisible(),
    ).toBe(false);
    const openMenu = page.getByRole("button", { name: "Open menu" });
    await whenHydrated(openMenu);
    expect(await openMenu.getAttribute("aria-expanded")).toBe("false");

    await openMenu.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    const links = menu.getByRole("navigation", { name: "Mobile" }).getByRole("link");
    expect(await links.allTextContents()).toEqual([
      "HOME",
      "ABOUT PB",
      "TRACK HISTORY",
      "FAVORITES",
      "PM STATS",
      "CONTACT",
    ]);
    await menu.getByRole("link", { name: "PM STATS" }).click();
    await menu.waitFor({ state: "detached" });
    await page.waitForURL((url) => url.pathname === "/analytics");
    await page.getByRole("main").getByRole("heading", { level: 1, name: "Listening Statistics" }).waitFor();

    // The current page is marked; the close button and Escape close the menu.
    await openMenu.click();
    await menu.waitFor();
    expect(await menu.getByRole("link", { name: "PM STATS" }).getAttribute("aria-current")).toBe("page");
    await menu.getByRole("button", { name: "Close menu" }).click();
    await menu.waitFor({ state: "detached" });
    // Radix returns the focus a task after the dialog unmounts.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")), {
        message: "the focus is back on the menu button",
      })
      .toBe("Open menu");
    await openMenu.click();
    await menu.waitFor();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/analytics");
  });
});

describe("the contact form", () => {
  it("asks for a name and a message, then sends and clears the form", async () => {
    const { page } = browser;
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    const send = form.getByRole("button", { name: "Send Message" });
    await whenHydrated(send);

    await send.click();
    await toastText(page, "Error").waitFor();
    await toastText(page, "Please fill in your name and message").waitFor();
    await page
      .getByRole("region", { name: "Notifications (F8)" })
      .getByRole("button", { name: "Close" })
      .click();
    await toastText(page, "Error").waitFor({ state: "detached" });

    // A name alone is not enough either.
    await form.getByLabel("Name").fill("E2E Listener");
    await send.click();
    await toastText(page, "Please fill in your name and message").waitFor();

    await form.getByLabel("Email").fill(`contact-${Date.now()}@example.com`);
    await form.getByLabel("Message").fill("Lovely late-night selection, thank you!");
    await send.click();
    await toastText(page, "Message sent! ✅").waitFor();
    await toastText(page, "We'll get back to you soon!").waitFor();
    for (const field of ["Name", "Email", "Message"]) {
      await expect
        .poll(() => form.getByLabel(field).inputValue(), { message: `${field} cleared after sending` })
        .toBe("");
    }
  });
});
