// Chromium's driver: Debian's build through playwright-core, started as the end-to-end tests start it.
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumFlags, chromiumPath } from "../chromium.ts";
import type { EngineBrowser, EnginePage, LaunchOptions, PageFunction } from "./types.ts";
import { defaultWaitMs } from "./types.ts";

export async function launchChromium({ baseUrl }: LaunchOptions = {}): Promise<EngineBrowser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath} (sudo apt-get install -y chromium, or set CHROMIUM_PATH).`,
    );
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags, "--no-first-run", "--autoplay-policy=no-user-gesture-required"],
  });
  return {
    engine: "chromium",
    async newPage(): Promise<EnginePage> {
      const context = await browser.newContext(baseUrl ? { baseURL: baseUrl } : {});
      const page = await context.newPage();
      const lines: string[] = [];
      page.on("console", (message) => lines.push(`[${message.type()}] ${message.text()}`));
      page.on("pageerror", (error) => lines.push(`[pageerror] ${error.message}`));
      // Playwright's own types unbox handles in the argument; ours are plain JSON.
      const inPage = <A, R>(fn: PageFunction<A, R>) => fn as (arg: unknown) => R | Promise<R>;
      return {
        engine: "chromium",
        goto: async (url) => {
          await page.goto(url, { waitUntil: "load" });
        },
        reload: async () => {
          await page.reload({ waitUntil: "load" });
        },
        evaluate: (fn, arg) => page.evaluate(inPage(fn), arg),
        waitFor: async (fn, arg, { timeout = defaultWaitMs, interval = 100 } = {}) => {
          const handle = await page.waitForFunction(inPage(fn), arg, { timeout, polling: interval });
          return handle.jsonValue();
        },
        click: (selector) => page.locator(selector).first().click({ timeout: defaultWaitMs }),
        screenshot: async (path) => {
          await page.screenshot({ path, fullPage: true });
        },
        consoleLines: () => [...lines],
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
