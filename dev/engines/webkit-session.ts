// What dev/engines/webkit.ts's calls throw once WebKitWebDriver has dropped a page's session:
// its web process crashed or hung ("invalid session id: session deleted because of page crash or
// hang"). The end-to-end projects run such a test once more (vitest.config.ts, ADR 053). Its own
// module: vitest.config.ts loads it without the driver.

/** Matches the error of any call on a session WebKitWebDriver has dropped, and nothing else. */
export const webkitSessionGone = /WebKitWebDriver \w+ \S+: invalid session id\b/;
