// A press on a part React has not hydrated yet (web/ui/waiting-presses.ts, ADR 047): React
// drops it while the part's code is on its way, and a link would load a new page and stop the
// radio. A button is pressed again once its part has hydrated; a link of the site is followed
// within the app.
import { act, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link } from "wouter";
import { deferred } from "#web/ui/deferred.tsx";
import { ownedByReact } from "#web/ui/early-press.ts";
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
    </div>
  );
}

// The prerender's markup of the part, in the page's root.
const serverHtml =
  '<!--$--><div><button type="button">Press me</button><a href="/history">Track History</a><a href="https://elsewhere.example/">Elsewhere</a></div><!--/$-->';

let undo = () => {};
afterEach(() => {
  undo();
  presses.length = 0;
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
});

/** Hydrates the part into #root with its code held back until `open()`. */
async function hydrateWaitingPart() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const Part = deferred(() => gate.then(() => Controls));
  const root = document.body.appendChild(document.createElement("div"));
  root.id = "root";
  root.innerHTML = serverHtml;
  const { recoverable, unmount } = await hydrateAsTheApp(root, <Part />);
  const button = root.querySelector("button") as HTMLButtonElement;
  const link = root.querySelector('a[href="/history"]') as HTMLAnchorElement;
  const away = root.querySelector('a[href^="https:"]') as HTMLAnchorElement;
  return { open, button, link, away, recoverable, unmount };
}

describe("a press on a part still waiting for its code", () => {
  it("presses the button once the part has hydrated, exactly once", async () => {
    undo = keepWaitingPresses();
    const part = await hydrateWaitingPart();
    try {
      const notPrevented = fireEvent.click(part.button);
      expect(notPrevented).toBe(false);
      expect(part.button.getAttribute("aria-busy")).toBe("true");
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

  it("follows a link of the site within the app, and leaves one to another site to the browser", async () => {
    undo = keepWaitingPresses();
    const part = await hydrateWaitingPart();
    const pushed = vi.fn();
    window.addEventListener("pushState", pushed);
    try {
      expect(fireEvent.click(part.link)).toBe(false);
      expect(window.location.pathname).toBe("/history");
      // wouter hears of it (it patches pushState), so the app shows the page.
      expect(pushed).toHaveBeenCalledTimes(1);

      expect(fireEvent.click(part.away)).toBe(true);
      // A press that asks for a new tab is the browser's too.
      expect(fireEvent.click(part.link, { ctrlKey: true })).toBe(true);
      expect(pushed).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener("pushState", pushed);
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
