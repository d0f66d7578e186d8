// WebKit's driver: Debian's WebKitGTK MiniBrowser through WebKitWebDriver (W3C WebDriver classic,
// spoken over fetch), on an X display of its own (Xvfb). Each page is a WebDriver session, that is
// a MiniBrowser of its own with an ephemeral profile.
import { existsSync, writeFileSync } from "node:fs";
import { freePort } from "../local-site.ts";
import { pollInPage } from "./poll.ts";
import { spawnTied, startXvfb, xvfbPath } from "./tied-process.ts";
import type { EngineBrowser, EnginePage, LaunchOptions, PageFunction } from "./types.ts";
import { defaultWaitMs } from "./types.ts";
import { driverErrorMessage } from "./webkit-session.ts";

export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
export const miniBrowserPath =
  process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
type WebDriverAnswer = { value: unknown };

/** One WebDriver call; a WebDriver error (`{ value: { error, message } }`) throws with its name. */
async function call(
  base: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  timeoutMs?: number,
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
    ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
  });
  const answer = (await res.json()) as WebDriverAnswer;
  if (!res.ok) {
    const { error, message } = (answer.value ?? {}) as { error?: string; message?: string };
    throw Object.assign(new Error(driverErrorMessage(method, path, error, message)), { error });
  }
  return answer.value;
}

// Run before each function: WebDriver classic has no console events, so the page's console and
// uncaught errors are kept in the page from the first call after a load, and each call takes them.
const consoleProbe = `
const lines = window.__engineConsole || (window.__engineConsole = (() => {
  const kept = [];
  const text = (value) => {
    if (typeof value === "string") return value;
    if (value instanceof Error) return String(value);
    try { return JSON.stringify(value); } catch { return String(value); }
  };
  for (const level of ["log", "info", "warn", "error", "debug"]) {
    const original = console[level].bind(console);
    console[level] = (...args) => {
      kept.push("[" + level + "] " + args.map(text).join(" "));
      original(...args);
    };
  }
  addEventListener("error", (event) => kept.push("[pageerror] " + event.message));
  addEventListener("unhandledrejection", (event) => kept.push("[pageerror] " + text(event.reason)));
  return kept;
})());
`;

type ScriptAnswer = { value?: unknown; error?: string; console: string[] };

/**
 * How long a new session (a MiniBrowser starting) may take. It takes 1-3 s; once, on a busy
 * machine, it never came, and the driver with its browser is then started again (ADR 046). Twice
 * this, with a restart between, stays within a test hook's 60 s.
 */
const defaultSessionTimeoutMs = 15_000;

/** For tests of the driver itself: another browser binary, another wait for a session. */
export type WebkitOptions = LaunchOptions & { miniBrowser?: string; sessionTimeoutMs?: number };

type Driver = { base: string; stop: () => Promise<void> };

/** Xvfb and WebKitWebDriver on it, once the driver says it is ready. */
async function startDriver(): Promise<Driver> {
  const { display, xvfb } = await startXvfb();
  const port = await freePort();
  const driver = spawnTied(webkitDriverPath, [`--port=${port}`, "--host=127.0.0.1"], {
    ...process.env,
    DISPLAY: display,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await driver.stop();
    await xvfb.stop();
  };
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ready = await call(base, "GET", "/status").then(
        (value) => (value as { ready?: boolean }).ready === true,
        () => false,
      );
      if (ready) break;
      if (driver.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`WebKitWebDriver did not start:\n${driver.output()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** A new WebDriver session: a MiniBrowser of its own. */
async function createSession(base: string, binary: string, timeoutMs: number): Promise<string> {
  const created = (await call(
    base,
    "POST",
    "/session",
    {
      capabilities: {
        alwaysMatch: {
          "webkitgtk:browserOptions": { binary, args: ["--automation"] },
          timeouts: { implicit: 0, pageLoad: 60_000, script: 120_000 },
        },
      },
    },
    timeoutMs,
  )) as { sessionId: string };
  return created.sessionId;
}

export async function launchWebkit(options: WebkitOptions = {}): Promise<EngineBrowser> {
  const { baseUrl, miniBrowser = miniBrowserPath, sessionTimeoutMs = defaultSessionTimeoutMs } = options;
  const newSession = (base: string) => createSession(base, miniBrowser, sessionTimeoutMs);
  const needed: [string, string][] = [
    [webkitDriverPath, "webkit2gtk-driver"],
    [miniBrowser, "webkit2gtk-driver"],
    [xvfbPath, "xvfb"],
  ];
  for (const [path, pkg] of needed) {
    if (!existsSync(path)) throw new Error(`No ${path} (sudo apt-get install -y ${pkg}).`);
  }
  let driver = await startDriver();

  const pages = new Set<EnginePage>();
  /** Pages asked for whose session has not come yet. */
  let opening = 0;
  return {
    engine: "webkit",
    async newPage(): Promise<EnginePage> {
      let sessionId: string;
      opening += 1;
      try {
        sessionId = await newSession(driver.base);
      } catch (error) {
        // A session that never came: with no other page open or opening, the driver and its
        // browser are started again, and asked once more.
        if ((error as Error).name !== "TimeoutError" || pages.size > 0 || opening > 1) throw error;
        await driver.stop();
        driver = await startDriver();
        sessionId = await newSession(driver.base);
      } finally {
        opening -= 1;
      }
      const { base } = driver;
      const session = `/session/${sessionId}`;
      const lines: string[] = [];
      await call(base, "POST", `${session}/window/rect`, { width: 1280, height: 900 });

      const run = async <A, R>(fn: PageFunction<A, R>, arg: A): Promise<R> => {
        const script = `${consoleProbe}
const arg = arguments[0];
const done = arguments[arguments.length - 1];
const fn = (${fn.toString()});
Promise.resolve().then(() => fn(arg)).then(
  (value) => done({ value: value === undefined ? null : value, console: lines.splice(0) }),
  (error) => done({ error: (error && error.stack) || String(error), console: lines.splice(0) }),
);`;
        const answer = (await call(base, "POST", `${session}/execute/async`, {
          script,
          args: [arg === undefined ? null : arg],
        })) as ScriptAnswer;
        lines.push(...answer.console);
        if (answer.error !== undefined) throw new Error(`in the page: ${answer.error}`);
        return answer.value as R;
      };
      const probe = () => run(() => null, null);

      const page: EnginePage = {
        engine: "webkit",
        async goto(url) {
          await call(base, "POST", `${session}/url`, { url: baseUrl ? new URL(url, baseUrl).href : url });
          await probe();
        },
        async reload() {
          await call(base, "POST", `${session}/refresh`, {});
          await probe();
        },
        evaluate: run,
        waitFor: (fn, arg, options) => pollInPage(run, fn, arg, options),
        async click(selector) {
          const deadline = Date.now() + defaultWaitMs;
          for (;;) {
            try {
              const found = (await call(base, "POST", `${session}/element`, {
                using: "css selector",
                value: selector,
              })) as Record<string, string>;
              const element = Object.values(found)[0];
              await call(base, "POST", `${session}/element/${element}/click`, {});
              return;
            } catch (error) {
              // Not there yet, not yet shown, or covered: tried again until the deadline.
              const name = (error as { error?: string }).error;
              const retried = ["no such element", "element not interactable", "element click intercepted"];
              if (!retried.includes(name ?? "") || Date.now() > deadline) throw error;
              await new Promise((r) => setTimeout(r, 100));
            }
          }
        },
        async screenshot(path) {
          const png = (await call(base, "GET", `${session}/screenshot`)) as string;
          writeFileSync(path, Buffer.from(png, "base64"));
        },
        consoleLines: () => [...lines],
        async close() {
          pages.delete(page);
          await call(base, "DELETE", session);
        },
      };
      pages.add(page);
      return page;
    },
    async close() {
      for (const page of [...pages]) await page.close().catch(() => {});
      await driver.stop();
    },
  };
}
