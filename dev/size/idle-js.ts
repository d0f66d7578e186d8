// The JavaScript a visitor's browser has loaded by the time a page is idle: the first load
// plus the lazy parts it hydrates afterwards (web/ui/deferred.tsx) and the idle-time chunks.
// Measured in Chromium against dist/client on a static server. Also the stylesheets it fetched:
// the prerender inlines every stylesheet a page needs as it starts, so none should be there.
import { chromium } from "playwright-core";
import { serve } from "../bench-web/server.ts";
import { chromiumFlags, chromiumPath } from "../chromium.ts";
import { root } from "../local-site.ts";

/**
 * Paths (e.g. "assets/index-x.js") of the scripts and stylesheets `route` requested until it
 * was idle.
 */
export async function loadedWhenIdle(route = "/"): Promise<{ scripts: string[]; stylesheets: string[] }> {
  const server = await serve(root, true);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const page = await browser.newPage();
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
    return { scripts: [...scripts], stylesheets: [...stylesheets] };
  } finally {
    await browser.close();
    await server.stop();
  }
}
