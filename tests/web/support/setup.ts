import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { FakeWebSocket } from "./fake-websocket";
import { mockApi } from "./fetch";

// Most files run in jsdom; the prerender test runs in node (no window).
const inBrowser = typeof window !== "undefined";

// jsdom has no scrolling; the shell scrolls to the top on navigation.
if (inBrowser) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  // As the inline boot script leaves it on a first visit: dark.
  document.documentElement.className = "dark";
}

// Parts of the app are lazy chunks (web/ui/deferred.tsx, the routes): the first test that shows
// one waits for Vite to transform its modules, which takes more than find*'s default second. And
// beside the station's worker files (dev/run-tests.ts) a hundred history rows, rendered a slice per
// task, took more than 5 s in a clean-clone run: the bound stays under the project's 15 s a test.
configure({ asyncUtilTimeout: 12_000 });

// No test reaches a real server: fetch answers the shell's calls and 404s the rest until a test
// gives its own routes, and the live connection gets a socket each test drives.
beforeEach(() => {
  FakeWebSocket.instances = [];
  if (!inBrowser) return;
  mockApi();
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

// Each test starts from a clean page, real timers, unstubbed globals and mocks without calls.
afterEach(() => {
  if (inBrowser) cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  if (!inBrowser) return;
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = "dark";
});
