// Debian's Chromium driven by playwright-core. Each test gets a fresh context and page;
// a failing test leaves a screenshot and the page's console log under test-results/.
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { chromiumFlags, chromiumPath } from "#dev/chromium.ts";
import { keepFailure } from "./artefacts.ts";

export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `End-to-end tests need Chromium at ${chromiumPath} (sudo apt-get install -y chromium, or set CHROMIUM_PATH).`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags, "--no-first-run", "--autoplay-policy=no-user-gesture-required"],
  });
}

/**
 * Resolves once React owns the element (hydrated from the prerendered HTML, or rendered by the
 * app): a click or keystroke before that would reach only the static markup and be lost.
 */
export async function whenHydrated(locator: Locator, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  // Resolved afresh each time: hydration may replace a node that did not match.
  const ownedByReact = () =>
    locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")), {
      timeout: Math.max(1, deadline - Date.now()),
    });
  // React tags nodes while it renders; handlers answer only once the first load's tree is
  // committed, which the app marks on <html data-hydrated> (web/app.tsx).
  const committed = () =>
    locator.page().evaluate(() => document.documentElement.dataset.hydrated !== undefined);
  while (!(await committed()) || !(await ownedByReact())) {
    if (Date.now() > deadline) throw new Error(`${locator} was not hydrated within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Registers hooks that give each test a fresh page; returns accessors for the current one. */
export function setupBrowser() {
  let browser: Browser | undefined;
  let page: Page | undefined;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  let consoleLines: string[] = [];
  let extraContexts: BrowserContext[] = [];
  beforeEach(async () => {
    if (!browser) throw new Error("Chromium did not start");
    const browserContext = await browser.newContext({ baseURL: baseUrl });
    page = await browserContext.newPage();
    consoleLines = [];
    page.on("console", (msg) => consoleLines.push(`[${msg.type()}] ${msg.text()}`));
    page.on("pageerror", (err) => consoleLines.push(`[pageerror] ${err.message}`));
    // What the live room pushed, in the same log: a title a test did not expect is explained.
    const started = Date.now();
    page.on("websocket", (socket) => {
      consoleLines.push(`[live +${Date.now() - started} ms] open ${socket.url()}`);
      socket.on("framereceived", ({ payload }) => {
        const text = String(payload);
        if (text !== "pong") consoleLines.push(`[live +${Date.now() - started} ms] ${text.slice(0, 240)}`);
      });
      socket.on("close", () => consoleLines.push(`[live +${Date.now() - started} ms] closed`));
    });
  });
  // Runs before the page's context closes, so a failed test leaves what the browser showed.
  afterEach(async (context) => {
    const current = page;
    page = undefined;
    if (!current) return;
    await keepFailure(context, {
      screenshot: (path) => current.screenshot({ path, fullPage: true }),
      consoleLines,
    });
    await current.context().close();
    for (const extra of extraContexts) await extra.close();
    extraContexts = [];
  });

  return {
    baseUrl,
    get page(): Page {
      if (!page) throw new Error("no page: use inside a test");
      return page;
    },
    /** A page in a second, separate browser context (another device); closed after the test. */
    async newPage(): Promise<Page> {
      if (!browser) throw new Error("Chromium did not start");
      const extra = await browser.newContext({ baseURL: baseUrl });
      extraContexts.push(extra);
      const other = await extra.newPage();
      // Its console goes into the same log, marked, so a failure on either device is explained.
      const device = `device ${extraContexts.length + 1}`;
      other.on("console", (msg) => consoleLines.push(`[${device}] [${msg.type()}] ${msg.text()}`));
      other.on("pageerror", (err) => consoleLines.push(`[${device}] [pageerror] ${err.message}`));
      return other;
    },
  };
}
