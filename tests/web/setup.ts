import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { FakeWebSocket } from "./support/fake-websocket";

// Most files run in jsdom; the prerender test runs in node (no window).
const inBrowser = typeof window !== "undefined";

// jsdom has no scrolling; the shell scrolls to the top on navigation.
if (inBrowser) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  // As the inline theme script leaves it on a first visit: dark.
  document.documentElement.className = "dark";
}

// No test reaches a real server: the live connection gets a socket each test drives.
beforeEach(() => {
  FakeWebSocket.instances = [];
  if (inBrowser) vi.stubGlobal("WebSocket", FakeWebSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
  if (!inBrowser) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = "dark";
});
