import type { PageFunction } from "./types.ts";
import { defaultWaitMs } from "./types.ts";

/**
 * `waitFor` from this side, for a client whose own wait would be blocked in the page (puppeteer's
 * builds its function with `new Function`, which the site's CSP refuses) or that has none (WebDriver).
 */
export async function pollInPage<A, R>(
  evaluate: (fn: PageFunction<A, R>, arg: A) => Promise<R>,
  fn: PageFunction<A, R>,
  arg: A,
  { timeout = defaultWaitMs, interval = 100 }: { timeout?: number; interval?: number } = {},
): Promise<R> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: no truthy answer within ${timeout} ms from ${fn}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
