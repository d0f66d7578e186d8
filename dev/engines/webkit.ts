// WebKit's driver: Debian's WebKitGTK MiniBrowser through WebKitWebDriver (W3C WebDriver classic,
// spoken over fetch), on an X display of its own (Xvfb). Each page is a WebDriver session, that is
// a MiniBrowser of its own with an ephemeral profile.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { freePort } from "../local-site.ts";
import { pollInPage } from "./poll.ts";
import type { EngineBrowser, EnginePage, LaunchOptions, PageFunction } from "./types.ts";
import { defaultWaitMs } from "./types.ts";

export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
export const miniBrowserPath =
  process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const xvfbPath = "/usr/bin/Xvfb";

/**
 * Whether a process of group `pgid` still runs. A zombie does not count: it has ended and waits
 * for its parent, here often init once the shell is gone, to reap it.
 */
function groupRunning(pgid: number): boolean {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // After "pid (comm) ": state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === pgid && state !== "Z") return true;
    } catch {
      // ended while we looked
    }
  }
  return false;
}

/** A process and whatever it starts, in a process group that ends when this Node process does. */
type TiedProcess = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * Starts `command` under a shell that waits on its stdin, a pipe from this process: when this
 * process ends, however it ends (even killed), the pipe closes and the shell ends its whole process
 * group (the command, and the browsers and web processes it started). `stop` does the same now.
 * File descriptor 3 is a pipe too, for a command that answers on it (Xvfb -displayfd 3).
 */
function spawnTied(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): TiedProcess {
  const child = spawn("/bin/sh", ["-c", '"$@" & cat >/dev/null; kill -TERM 0', "sh", command, ...args], {
    detached: true,
    env,
    stdio: ["pipe", "pipe", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const pgid = child.pid;
  return {
    child,
    output: () => output,
    async stop() {
      child.stdin?.end();
      if (pgid === undefined) return;
      const deadline = Date.now() + 5000;
      while (groupRunning(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      try {
        if (groupRunning(pgid)) process.kill(-pgid, "SIGKILL");
      } catch {
        // it ended meanwhile
      }
    },
  };
}

/** Starts Xvfb on the first free display; answers it (":N") once the server accepts clients. */
async function startXvfb(): Promise<{ display: string; xvfb: TiedProcess }> {
  const xvfb = spawnTied(xvfbPath, ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]);
  const displayPipe = xvfb.child.stdio[3];
  if (!displayPipe || !("on" in displayPipe)) throw new Error("Xvfb: no pipe for -displayfd");
  const display = await new Promise<string>((resolve, reject) => {
    let text = "";
    const timer = setTimeout(
      () => reject(new Error(`Xvfb gave no display within 10 s:\n${xvfb.output()}`)),
      10_000,
    );
    displayPipe.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
    xvfb.child.once("exit", () => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited:\n${xvfb.output()}`));
    });
  });
  return { display, xvfb };
}

type WebDriverAnswer = { value: unknown };

/** One WebDriver call; a WebDriver error (`{ value: { error, message } }`) throws with its name. */
async function call(base: string, method: "GET" | "POST" | "DELETE", path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const answer = (await res.json()) as WebDriverAnswer;
  if (!res.ok) {
    const { error, message } = (answer.value ?? {}) as { error?: string; message?: string };
    throw Object.assign(new Error(`WebKitWebDriver ${method} ${path}: ${error}: ${message}`), { error });
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

export async function launchWebkit({ baseUrl }: LaunchOptions = {}): Promise<EngineBrowser> {
  const needed: [string, string][] = [
    [webkitDriverPath, "webkit2gtk-driver"],
    [miniBrowserPath, "webkit2gtk-driver"],
    [xvfbPath, "xvfb"],
  ];
  for (const [path, pkg] of needed) {
    if (!existsSync(path)) throw new Error(`No ${path} (sudo apt-get install -y ${pkg}).`);
  }
  const { display, xvfb } = await startXvfb();
  const port = await freePort();
  const driver = spawnTied(webkitDriverPath, [`--port=${port}`, "--host=127.0.0.1"], {
    ...process.env,
    DISPLAY: display,
  });
  const base = `http://127.0.0.1:${port}`;
  const stopAll = async () => {
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
    await stopAll();
    throw error;
  }

  const pages = new Set<EnginePage>();
  return {
    engine: "webkit",
    async newPage(): Promise<EnginePage> {
      const created = (await call(base, "POST", "/session", {
        capabilities: {
          alwaysMatch: {
            "webkitgtk:browserOptions": { binary: miniBrowserPath, args: ["--automation"] },
            timeouts: { implicit: 0, pageLoad: 60_000, script: 120_000 },
          },
        },
      })) as { sessionId: string };
      const session = `/session/${created.sessionId}`;
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
      await stopAll();
    },
  };
}
