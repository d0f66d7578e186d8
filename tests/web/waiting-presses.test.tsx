// A press on a part that waits to be seen, before React has hydrated it (web/ui/waiting-presses.ts,
// ADR 047): React drops it while the part's code is on its way, and a link would load a new page
// and stop the radio. A button is pressed again once its part has hydrated; a link to one of the
// app's pages is followed within the app; anything else stays the browser's.
import { act, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link } from "wouter";
import { deferred } from "#web/ui/deferred.tsx";
import { appOwnsPresses } from "#web/ui/early-press.ts";
import { ownedByReact, replayEarlyPress } from "#web/ui/press-replay.ts";
import { keepWaitingPresses } from "#web/ui/waiting-presses.ts";
import { hydrateAsTheApp } from "./support/hydrate";

const presses: string[] = [];

function Controls() {
  return (
    <div>
      <button type="button" onClick={() => presses.push("pressed")}>
        Press me
      </button>
      <Link href="/history">Track History</Link>
      <a href="https://elsewhere.example/">Elsewhere</a>
      <a href="/images/cover.jpg">Cover</a>
      <a href="#top">Top</a>
      <a href="/">Home</a>
    </div>
  );
}

// The prerender's markup of the part, in the page's root: its wrapper around a completed boundary.
const serverHtml =
  '<div class="deferred-part"><!--$--><div><button type="button">Press me</button><a href="/history">Track History</a><a href="https://elsewhere.example/">Elsewhere</a><a href="/images/cover.jpg">Cover</a><a href="#top">Top</a><a href="/">Home</a></div><!--/$--></div>';

let undo = () => {};
afterEach(() => {
  undo();
  presses.length = 0;
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
});

/** Hydrates the part into #root with its code held back until `open()` (jsdom has no IntersectionObserver: it is seen at once). */
async function hydrateWaitingPart() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const Part = deferred(() => gate.then(() => Controls), { whenVisible: true });
  const root = document.body.appendChild(document.createElement("div"));
  root.id = "root";
  root.innerHTML = serverHtml;
  const { recoverable, unmount } = await hydrateAsTheApp(root, <Part />);
  const button = root.querySelector("button") as HTMLButtonElement;
  const link = root.querySelector('a[href="/history"]') as HTMLAnchorElement;
  const linkTo = (href: string) => root.querySelector(`a[href="${href}"]`) as HTMLAnchorElement;
  return { open, button, link, linkTo, recoverable, unmount };
}

describe("a press on a part still waiting for its code", () => {
  it("makes a press kept from before the app started stale: the newer one is carried out, not both (ADR 049)", async () => {
    // Start Listening, pressed before the app ran and kept by the boot script.
    const early = document.body.appendChild(document.createElement("button"));
    let earlyPresses = 0;
    early.addEventListener("click", () => earlyPresses++);
    early.setAttribute("aria-busy", "true");
    window.__press = early;
    appOwnsPresses();
    replayEarlyPress();
    undo = keepWaitingPresses();
    const part = await hydrateWaitingPart();
    try {
      // Stopped here, before the document: only the waiting part's keeping sees this press.
      expect(fireEvent.click(part.button)).toBe(false);
      Object.assign(early, { __reactProps$test: {} });
      await waitFor(() => expect(early.hasAttribute("aria-busy")).toBe(false));
      expect(earlyPresses).toBe(0);
      await act(async () => part.open());
      await waitFor(() => expect(presses).toEqual(["pressed"]));
    } finally {
      part.unmount();
      window.__app = undefined;
    }
  });

  it("presses the button once the part has hydrated, exactly once", async () => {
    undo = keepWaitingPresses();
    const part = await hydrateWaitingPart();
    try {
      // fireEvent.click answers false when the event's default was prevented.
      expect(fireEvent.click(part.button)).toBe(false);
      expect(part.button.getAttribute("aria-busy")).toBe("true");
      // Pressed again while it waits (a phone shows little): still one press.
      expect(fireEvent.click(part.button)).toBe(false);
      expect(presses).toEqual([]);

      await act(async () => part.open());
      await waitFor(() => expect(presses).toEqual(["pressed"]));
      expect(part.button.hasAttribute("aria-busy")).toBe(false);
      expect(part.recoverable).not.toHaveBeenCalled();
      // Hydrated, the button is React's: a press goes straight to it.
      expect(fireEvent.click(part.button)).toBe(true);
      expect(presses).toEqual(["pressed", "pressed"]);
    } finally {
      part.unmount();
    }
  });

  it("follows a link to one of the app's pages within the app, and leaves every other to the browser", async () => {
    undo = keepWaitingPresses();
    const part = await hydrateWaitingPart();
    const pushed = vi.fn();
    // Capturing on the document after the listener under test: what it left alone is not
    // prevented yet (jsdom would then "navigate": held here).
    const left: string[] = [];
    const leftToBrowser = (event: MouseEvent) => {
      if (event.defaultPrevented) return;
      left.push((event.target as HTMLAnchorElement).getAttribute("href") ?? "");
      event.preventDefault();
    };
    window.addEventListener("pushState", pushed);
    document.addEventListener("click", leftToBrowser, true);
    try {
      expect(fireEvent.click(part.link)).toBe(false);
      expect(window.location.pathname).toBe("/history");
      // wouter hears of it (it patches pushState), so the app shows the page.
      expect(pushed).toHaveBeenCalledTimes(1);
      expect(left).toEqual([]);

      // Another site, a file the worker serves, a place within this page, a press for a new tab.
      for (const href of ["https://elsewhere.example/", "/images/cover.jpg", "#top"])
        fireEvent.click(part.linkTo(href));
      fireEvent.click(part.link, { ctrlKey: true });
      expect(left).toEqual(["https://elsewhere.example/", "/images/cover.jpg", "#top", "/history"]);
      expect(pushed).toHaveBeenCalledTimes(1);

      // The page already shown: scrolled to its top, not pushed again.
      window.history.replaceState(null, "", "/");
      const scrolled = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
      expect(fireEvent.click(part.linkTo("/"))).toBe(false);
      expect(scrolled).toHaveBeenCalledWith(0, 0);
      expect(pushed).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener("pushState", pushed);
      document.removeEventListener("click", leftToBrowser, true);
      vi.restoreAllMocks();
      part.unmount();
    }
  });

  it("without it, the press on the waiting part is lost", async () => {
    const part = await hydrateWaitingPart();
    try {
      fireEvent.click(part.button);
      await act(async () => part.open());
      await waitFor(() => expect(ownedByReact(part.button)).toBe(true));
      expect(presses).toEqual([]);
    } finally {
      part.unmount();
    }
  });
});
