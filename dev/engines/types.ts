// One small driver per browser engine, so the listener's journeys and bench:start run the same
// code in Chromium (playwright-core), Firefox (puppeteer-core over WebDriver BiDi) and WebKit
// (WebKitGTK's MiniBrowser through WebKitWebDriver): only what those specs need, nothing more.

export type EngineName = "chromium" | "firefox" | "webkit";
export const engineNames: readonly EngineName[] = ["chromium", "firefox", "webkit"];

/** How long `waitFor` and `click` wait by default. */
export const defaultWaitMs = 30_000;

export type LaunchOptions = {
  /** What `goto` resolves a path against (e.g. http://localhost:8787). */
  baseUrl?: string;
};

/** A function run in the page: serialised, so it sees only its argument, never the caller's scope. */
export type PageFunction<A, R> = (arg: A) => R | Promise<R>;

export interface EnginePage {
  readonly engine: EngineName;
  /** Opens `url` (absolute, or a path against the browser's base URL) and waits for its load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /**
   * Runs `fn(arg)` in the page and answers its JSON-serialisable result. There is no init script
   * (WebDriver classic has none): a probe is installed after the load and before the press.
   */
  evaluate<A, R>(fn: PageFunction<A, R>, arg: A): Promise<R>;
  /**
   * Polls `fn(arg)` in the page (every `interval` ms, 100 by default) until it answers truthy, and
   * answers it; throws after `timeout` ms (`defaultWaitMs` by default). An error in `fn` ends the wait.
   */
  waitFor<A, R>(
    fn: PageFunction<A, R>,
    arg: A,
    options?: { timeout?: number; interval?: number },
  ): Promise<R>;
  /**
   * A trusted click (a user gesture, as a real press) on the first element matching the CSS
   * `selector`, once it is there (up to `defaultWaitMs`).
   */
  click(selector: string): Promise<void>;
  screenshot(path: string): Promise<void>;
  /** What the page logged (console and uncaught errors), oldest first. */
  consoleLines(): string[];
  close(): Promise<void>;
}

export interface EngineBrowser {
  readonly engine: EngineName;
  /** A fresh page in a fresh profile (no storage, no cookies shared with other pages). */
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}
