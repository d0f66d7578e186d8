import { describe, expect, it } from "vitest";
import { station } from "#schema/station.ts";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { openScreen } from "./support/site.ts";

const browser = setupBrowser();

describe("a listener opening the site", () => {
  it("sees the header with the station's name on /", async () => {
    const { page } = browser;
    await openScreen(page, "/", station.name);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: station.name }).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "PM STATS" }).isVisible()).toBe(true);
    expect(await page.title()).toContain(station.name);
  });

  it("gets the app, not a 404, for a deep link such as /history", async () => {
    const { page } = browser;
    const response = await openScreen(page, "/history", "Track History");
    expect(response?.status()).toBe(200);
  });

  it("gets the chunks its page starts with and those the app's script imports together with that script, each once (ADR 056, 057)", async () => {
    const { page } = browser;
    for (const [path, heading] of [
      ["/history", "Track History"],
      ["/", station.name],
    ] as const) {
      const requests: string[] = [];
      const record = (request: { url: () => string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".js")) requests.push(url.pathname);
      };
      // The app's first call leaves a task after hydration (web/lib/api.ts): wait for it too.
      const firstApiCall = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/api/"));
      page.on("request", record);
      await openScreen(page, path, heading);
      await firstApiCall;
      page.off("request", record);
      // What the entry imports (after the entry in its meta, ADR 057), then the page's start chunks.
      const preloaded = await page.evaluate(() => [
        ...(document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content ?? "")
          .split(" ")
          .slice(1),
        ...(document.querySelector<HTMLMetaElement>('meta[name="app-preload"]')?.content ?? "").split(" "),
      ]);
      for (const name of ["react", "startup"])
        expect(
          preloaded.some((chunk) => chunk.startsWith(`/assets/${name}-`)),
          `${path} preloads ${name}`,
        ).toBe(true);
      const firstCall = requests.findIndex((r) => r.startsWith("/api/"));
      expect(firstCall, path).toBeGreaterThanOrEqual(0);
      for (const chunk of preloaded) {
        expect(
          requests.filter((r) => r === chunk),
          `${path} asks for ${chunk} once`,
        ).toHaveLength(1);
        // Asked for with the entry, before the app's first call.
        expect(requests.indexOf(chunk), `${path}: ${chunk} before ${requests[firstCall]}`).toBeLessThan(
          firstCall,
        );
        // Vite's loader found the boot script's link and did not add its own (its links hold the
        // full URL, hence the comparison of the resolved href).
        const links = await page.evaluate(
          (path) =>
            [...document.querySelectorAll("link")].filter((l) => l.href === new URL(path, location.href).href)
              .length,
          chunk,
        );
        expect(links, chunk).toBe(1);
      }
    }
  });

  it("sees a tooltip naming an icon-only button after hovering it for 700 ms, and Escape closes it", async () => {
    const { page } = browser;
    await openScreen(page, "/", station.name);
    const sleepTimer = page.getByRole("banner").getByRole("button", { name: "Sleep timer" });
    await whenHydrated(sleepTimer);
    // The tooltips arrive with a lazy chunk after the first load.
    await page.locator(".tooltip").waitFor({ state: "attached" });
    await sleepTimer.hover();
    const hoveredAt = Date.now();
    const tooltip = page.locator(".tooltip");
    await tooltip.waitFor({ state: "visible" });
    expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(650);
    expect(await tooltip.textContent()).toBe("Sleep timer");
    // Beside the button, never over it: below here, since the header leaves no room above.
    const [tip, button] = await Promise.all([tooltip.boundingBox(), sleepTimer.boundingBox()]);
    if (!tip || !button) throw new Error("the tooltip or the button has no box");
    expect(tip.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(tip.x).toBeGreaterThanOrEqual(0);
    await page.keyboard.press("Escape");
    await tooltip.waitFor({ state: "hidden" });
  });

  it("gets a JSON 404 for an unknown API path", async () => {
    const res = await fetch(`${browser.baseUrl}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });

  it("gets the stored theme from the inline script before the app runs, with no CSP violation", async () => {
    const { page } = browser;
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (msg.text().includes("Content Security Policy")) violations.push(msg.text());
    });
    await page.addInitScript(() => localStorage.setItem("theme", "light"));
    // Block the app's JavaScript: only the inline boot script can have set the class.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expect(violations).toEqual([]);
  });
});
