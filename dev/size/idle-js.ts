// The JavaScript a visitor's browser has loaded by the time a page is idle: the first load
// plus the lazy parts it hydrates afterwards (web/ui/deferred.tsx) and the idle-time chunks.
// Measured in Chromium against dist/client on a static server. Also the stylesheets it fetched:
// the prerender inlines every stylesheet a page needs as it starts, so none should be there.
import { chromium } from "playwright-core";
import { serve } from "../bench-web/server.ts";
import { chromiumFlags, chromiumPath } from "../chromium.ts";
import { root } from "../local-site.ts";

type Loaded = { scripts: string[]; stylesheets: string[] };

/**
 * For each route, the paths (e.g. "assets/index-x.js") of the scripts and stylesheets it
 * requested until it was idle, each in a fresh page of one browser.
 */
export async function loadedWhenIdle(routes: string[]): Promise<Map<string, Loaded>> {
  const server = await serve(root, true);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const loaded = new Map<string, Loaded>();
    for (const route of routes) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      const stylesheets = new Set<string>();
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (!path.startsWith("/assets/")) return;
        if (path.endsWith(".js")) scripts.add(path.slice(1));
        if (path.endsWith(".css")) stylesheets.add(path.slice(1));
      });
      await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
      // Past the idle callbacks the app schedules, and their requests too.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
      await page.waitForLoadState("networkidle");
      loaded.set(route, { scripts: [...scripts], stylesheets: [...stylesheets] });
      await context.close();
    }
    return loaded;
  } finally {
    await browser.close();
    await server.stop();
  }
}
