// The browser engines' drivers behind one call: the cross-engine journeys and bench:start start
// an engine by its name and drive it through dev/engines/types.ts alone.
import { launchChromium } from "./chromium.ts";
import { launchFirefox } from "./firefox.ts";
import type { EngineBrowser, EngineName, LaunchOptions } from "./types.ts";
import { launchWebkit } from "./webkit.ts";

export type { EngineBrowser, EngineName, EnginePage, LaunchOptions, PageFunction } from "./types.ts";
export { defaultWaitMs, engineNames } from "./types.ts";

const launchers: Record<EngineName, (options?: LaunchOptions) => Promise<EngineBrowser>> = {
  chromium: launchChromium,
  firefox: launchFirefox,
  webkit: launchWebkit,
};

/** Starts `name`'s browser; `close()` it when done (WebKit's also ends its X display). */
export function launchEngine(name: EngineName, options: LaunchOptions = {}): Promise<EngineBrowser> {
  return launchers[name](options);
}
