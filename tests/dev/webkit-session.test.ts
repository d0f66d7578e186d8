// The end-to-end projects run a test once more only when WebKit dropped its page's session
// (ADR 053): the condition matches those errors, as dev/engines/webkit.ts words them, and no other.
import { describe, expect, it } from "vitest";
import { webkitSessionGone } from "#dev/engines/webkit-session.ts";

describe("webkitSessionGone", () => {
  it("matches a call on a session WebKit dropped after a page crash or hang, the call itself or the page's close", () => {
    // As a CI run printed it (stop 56).
    expect(
      "WebKitWebDriver POST /session/3744fcad-6c37-4efd-826d-b892f5f0ea11/execute/async: invalid session id: session deleted because of page crash or hang.",
    ).toMatch(webkitSessionGone);
    expect("WebKitWebDriver DELETE /session/3744fcad: invalid session id: undefined").toMatch(
      webkitSessionGone,
    );
  });

  it("matches no other failure: an assertion, a wait, another driver error", () => {
    for (const message of [
      'webkit: not within 15000 ms: the player plays "Rain on Vinyl" from its start',
      "WebKitWebDriver POST /session/abc/element: no such element: Unable to locate element",
      "expected 'Add to favorites' to be 'Remove from favorites'",
      "firefox: invalid session id",
    ]) {
      expect(message).not.toMatch(webkitSessionGone);
    }
  });
});
