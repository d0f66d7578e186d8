// Firefox's driver: Debian's firefox-esr, headless, through puppeteer-core over WebDriver BiDi.
import { existsSync } from "node:fs";
import puppeteer from "puppeteer-core";
import { audioDeviceHint, startNullAudio } from "./audio-device.ts";
import { pollInPage } from "./poll.ts";
import type { EngineBrowser, EnginePage, LaunchOptions, PageFunction } from "./types.ts";

export const firefoxPath = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

// On top of puppeteer's own (no updates, no safe browsing, no data reporting): media plays without
// a gesture as Chromium's flag lets it, and nothing reaches out from a closed network.
const prefs = {
  "media.autoplay.default": 0,
  "media.autoplay.blocking_policy": 0,
  "app.update.auto": false,
  "toolkit.telemetry.enabled": false,
  "toolkit.telemetry.unified": false,
  "toolkit.telemetry.server": "",
  "browser.ping-centre.telemetry": false,
  "browser.newtabpage.activity-stream.telemetry": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "captivedetect.canonicalURL": "",
  "browser.region.update.enabled": false,
  "browser.region.network.url": "",
  "extensions.blocklist.enabled": false,
  "network.dns.disablePrefetch": true,
  "network.prefetch-next": false,
};

export async function launchFirefox({ baseUrl }: LaunchOptions = {}): Promise<EngineBrowser> {
  if (!existsSync(firefoxPath)) {
    throw new Error(
      `No Firefox at ${firefoxPath} (sudo apt-get install -y firefox-esr, or set FIREFOX_PATH).`,
    );
  }
  const audio = await startNullAudio();
  if (!audio) console.warn(`No PulseAudio (${audioDeviceHint}): headless Firefox plays with no audio device`);
  const browser = await puppeteer
    .launch({
      browser: "firefox",
      executablePath: firefoxPath,
      headless: true,
      env: audio ? { ...process.env, PULSE_SERVER: audio.server } : process.env,
      extraPrefsFirefox: prefs,
      // Playwright's default, as in the Chromium specs (puppeteer's 800x600 folds the header's nav).
      defaultViewport: { width: 1280, height: 720 },
    })
    .catch(async (error: unknown) => {
      await audio?.stop();
      throw error;
    });
  return {
    engine: "firefox",
    async newPage(): Promise<EnginePage> {
      // A user context of its own: storage and cookies shared with no other page.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const lines: string[] = [];
      page.on("console", (message) => {
        const line = `[${message.type()}] ${message.text()}`;
        const at = lines.push(line) - 1;
        // text() names an object argument JSHandle@error: its text follows when the page gives it.
        if (!line.includes("JSHandle@")) return;
        const inText = (value: unknown) =>
          value instanceof Error
            ? String(value)
            : typeof value === "object"
              ? JSON.stringify(value)
              : String(value);
        Promise.all(message.args().map((arg) => arg.evaluate(inText)))
          .then((parts) => {
            lines[at] = `[${message.type()}] ${parts.join(" ")}`;
          })
          .catch(() => {});
      });
      page.on("pageerror", (error) => lines.push(`[pageerror] ${String(error)}`));
      // Puppeteer's own types flatten handles in the argument; ours are plain JSON.
      const evaluate = <A, R>(fn: PageFunction<A, R>, arg: A) =>
        page.evaluate(fn as (arg: unknown) => Promise<R>, arg);
      return {
        engine: "firefox",
        goto: async (url) => {
          await page.goto(baseUrl ? new URL(url, baseUrl).href : url, { waitUntil: "load" });
        },
        reload: async () => {
          await page.reload({ waitUntil: "load" });
        },
        evaluate,
        waitFor: (fn, arg, options) => pollInPage(evaluate, fn, arg, options),
        async click(selector) {
          // Not puppeteer's locator: its waits are built with `new Function` too.
          await pollInPage(evaluate, (s) => !!document.querySelector(s), selector);
          const element = await page.$(selector);
          if (!element) throw new Error(`no element matches ${selector}`);
          await element.click();
        },
        screenshot: async (path) => {
          await page.screenshot({ path, fullPage: true });
        },
        consoleLines: () => [...lines],
        close: () => context.close(),
      };
    },
    close: async () => {
      await browser.close();
      await audio?.stop();
    },
  };
}
