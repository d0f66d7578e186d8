// How dev/engines/webkit.ts words a WebDriver error, and the errors of a session WebKitWebDriver
// has dropped because its web process crashed or hung ("invalid session id: session deleted
// because of page crash or hang"): the end-to-end projects run such a test once more
// (vitest.config.ts, ADR 053). Its own module: vitest.config.ts loads it without the driver.

/** The message of a failed WebDriver call: its method, path, error name and message. */
export const driverErrorMessage = (method: string, path: string, error?: string, message?: string) =>
  `WebKitWebDriver ${method} ${path}: ${error}: ${message}`;

/** Matches the error of any call on a session WebKitWebDriver has dropped, and nothing else. */
export const webkitSessionGone = /WebKitWebDriver \w+ \S+: invalid session id\b/;
