// Journey 8: accessibility. An axe-core scan of every listener screen and of the admin screens,
// in the dark theme (the default) and the light one, finds no serious or critical violation.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { station } from "#schema/station.ts";
import { themeStorageKey } from "#web/lib/constants.ts";
import { adminCredentials, createPageThroughApi, uniqueSlug } from "./support/admin.ts";
import { uniqueEmail } from "./support/auth.ts";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { openScreen, playerBar } from "./support/site.ts";

const browser = setupBrowser();

const contentSlug = uniqueSlug("e2e-a11y");
const contentTitle = `Accessible page ${contentSlug}`;

beforeAll(async () => {
  const baseUrl = browser.baseUrl;
  await createPageThroughApi({
    title: contentTitle,
    slug: contentSlug,
    content:
      '<h2>Office audio</h2><p>Lounge music for focused work, <a href="https://example.com">with a link</a>.</p><ul><li>One</li><li>Two</li></ul>',
    published: true,
  });
  // Two login links, one of them used, so /pb/debug shows a usable and a dimmed 'Used' card
  // whatever the other spec files did before.
  const request = async (email: string) => {
    const res = await fetch(`${baseUrl}/api/auth/request-login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl },
      body: JSON.stringify({ email }),
    });
    if (!res.ok) throw new Error(`POST /api/auth/request-login answered ${res.status}: ${await res.text()}`);
  };
  const usedEmail = uniqueEmail("a11y-used");
  await request(usedEmail);
  const { tokens } = (await (await fetch(`${baseUrl}/api/auth/debug-tokens`)).json()) as {
    tokens: { email: string; link: string }[];
  };
  const link = tokens.find((t) => t.email === usedEmail)?.link;
  if (!link) throw new Error(`no debug login link for ${usedEmail}`);
  const verified = await fetch(`${baseUrl}/api/auth/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({ token: new URL(link).searchParams.get("token") ?? "" }),
    redirect: "manual",
  });
  if (verified.headers.get("location") !== "/?auth=success") throw new Error("the login link was not used");
  await request(uniqueEmail("a11y"));
});

type Screen = {
  name: string;
  path: string;
  /** The screen's h1; the scan starts once React owns it and `ready` shows. */
  heading: string;
  /** Text shown once the screen has its data. */
  ready?: string;
  admin?: boolean;
  /** Brings the screen into the state to scan (a form or dialog open). */
  prepare?: (page: Page) => Promise<void>;
};

const screens: Screen[] = [
  { name: "home", path: "/", heading: station.name },
  {
    name: "home with the login dialog open",
    path: "/",
    heading: station.name,
    prepare: async (page) => {
      const logIn = playerBar(page).getByRole("button", { name: "Log in" });
      await whenHydrated(logIn);
      await logIn.click();
      await page.getByRole("dialog", { name: "Log in" }).getByLabel("Email").waitFor();
    },
  },
  { name: "about", path: "/about", heading: `About ${station.name}` },
  { name: "contact", path: "/contact", heading: "Contact" },
  { name: "track history", path: "/history", heading: "Track History", ready: "unique track(s)" },
  { name: "favorites", path: "/favorites", heading: "Your Favorites", ready: "No favorites yet." },
  {
    name: "statistics",
    path: "/analytics",
    heading: "Listening Statistics",
    ready: "Total plays",
    // Its lists below the fold render as they near the screen (ADR 051): scrolled to, all are scanned.
    prepare: async (page) => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.locator(".recent-play").first().waitFor();
      await page.getByRole("region", { name: "Your listening" }).waitFor();
    },
  },
  { name: "install", path: "/install", heading: `Install ${station.name}` },
  { name: "content page", path: `/page/${contentSlug}`, heading: contentTitle, ready: "with a link" },
  { name: "unknown slug", path: "/page/no-such-page", heading: "Page Not Found" },
  { name: "not found", path: "/no-such-route", heading: "Page Not Found" },
  { name: "template", path: "/template", heading: "Page Title" },
  {
    name: "mobile menu (375 px)",
    path: "/about",
    heading: `About ${station.name}`,
    prepare: async (page) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const openMenu = page.getByRole("button", { name: "Open menu" });
      await whenHydrated(openMenu);
      await openMenu.click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "CONTACT" }).waitFor();
    },
  },
  { name: "admin login", path: "/pb", heading: "Admin Login", ready: "Password" },
  {
    name: "content management with the page form, its errors and an over-long description",
    path: "/pb",
    heading: "Content Management",
    ready: contentTitle,
    admin: true,
    prepare: async (page) => {
      await page.getByRole("main").getByRole("button", { name: "New Page" }).click();
      const form = page.getByRole("form", { name: "Create New Page" });
      await form.getByRole("button", { name: "Create Page" }).click();
      await form.getByText("Title is required", { exact: true }).waitFor();
      await form.getByLabel("Meta Description (SEO)").fill("x".repeat(160));
      await form.getByText("160/155 karakters", { exact: true }).waitFor();
    },
  },
  { name: "debug login", path: "/pb/debug", heading: "DEBUG LOGIN", ready: "Open Link" },
  {
    name: "performance reports",
    path: "/pb/reports",
    heading: "Performance Reports",
    ready: "Who files",
    admin: true,
  },
  {
    name: "station insights with the chart as a table",
    path: "/pb/insights",
    heading: "Station Insights",
    ready: "Listeners now",
    admin: true,
    prepare: async (page) => {
      // The chart and its table need a recorded minute; the first-minute message is shown otherwise.
      const region = page.getByRole("region", { name: "Listeners over time" });
      await region
        .getByText(/The chart as a table|No listener counts yet/)
        .first()
        .waitFor();
      const toggle = region.getByText("The chart as a table");
      if (await toggle.isVisible()) {
        await toggle.click();
        await region.getByRole("table").waitFor();
      }
    },
  },
];

function describeViolations(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .map(
            (node) =>
              `    ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ")}`,
          )
          .join("\n")}`,
    )
    .join("\n");
}

/** Opens the screen as `screen` says, in the theme the page has stored, and waits for its data. */
async function showScreen(page: Page, screen: Screen): Promise<void> {
  await openScreen(page, screen.path, screen.heading);
  if (screen.ready) await page.getByRole("main").getByText(screen.ready).first().waitFor();
  // The player bar has the station's current track.
  await page.locator(".player-bar .favorite-button").waitFor();
  await screen.prepare?.(page);
}

async function expectNoBlockingViolation(page: Page, screen: Screen, theme: "dark" | "light") {
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
    theme === "dark",
  );
  // The page form's live preview is a frame sandboxed without scripts (by design, it shows
  // the admin's draft HTML): axe cannot run inside it and would wait a minute for it.
  const results = await new AxeBuilder({ page }).exclude("iframe.admin-content-preview").analyze();
  // axe leaves text drawn in its own background's colour (1:1) undecided, as if it could be
  // meant to be hidden: on these screens it never is, so it counts as the violation it is.
  const invisibleText = results.incomplete
    .filter((v) => v.id === "color-contrast")
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter((n) => n.any.some((check) => check.data?.messageKey === "equalRatio")),
    }))
    .filter((v) => v.nodes.length > 0);
  const blocking = [...results.violations, ...invisibleText].filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    blocking.map((v) => `${v.id} (${v.impact})`),
    `axe on ${screen.path} (${theme}):\n${describeViolations(blocking)}`,
  ).toEqual([]);
}

// Both themes in one test per screen: the light theme is the stored choice of a returning
// visitor, applied by a reload in the same page (its second axe run takes half the first's).
it.each(screens)("$name ($path) has no serious or critical axe violation, dark or light", async (screen) => {
  const { page } = browser;
  if (screen.admin) {
    const res = await page.context().request.post("/api/auth/login", {
      data: adminCredentials,
      headers: { Origin: browser.baseUrl },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await showScreen(page, screen);
  await expectNoBlockingViolation(page, screen, "dark");

  await page.evaluate((key) => localStorage.setItem(key, "light"), themeStorageKey);
  await showScreen(page, screen);
  await expectNoBlockingViolation(page, screen, "light");
});
