import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Most files run in jsdom; the prerender test runs in node (no window).
const inBrowser = typeof window !== "undefined";

// jsdom has no scrolling; the shell scrolls to the top on navigation.
if (inBrowser) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  // As the inline theme script leaves it on a first visit: dark.
  document.documentElement.className = "dark";
}

afterEach(() => {
  vi.unstubAllGlobals();
  if (!inBrowser) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = "dark";
});
