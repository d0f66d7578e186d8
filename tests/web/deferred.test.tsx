// A deferred part (web/ui/deferred.tsx) holds its data back only while it hydrates the server's
// HTML, so that it matches; one mounted in the browser (back on the home page, a page rendered
// rather than hydrated) shows its data in its very first commit, with nothing to flash.
import { act, screen, waitFor } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterIdle, deferred, useDataAfterFirstRender } from "#web/ui/deferred.tsx";
import { hydrateAsTheApp } from "./support/hydrate";

/** What the part showed in each commit. */
let commits: string[] = [];

function Probe() {
  const shown = useDataAfterFirstRender("the data") ?? "no data";
  useLayoutEffect(() => {
    commits.push(shown);
  });
  return <p>{shown}</p>;
}

const Part = deferred(async () => Probe);

afterEach(() => {
  commits = [];
  document.body.innerHTML = "";
});

describe("a deferred part", () => {
  it("mounted in the browser, shows its data in its first commit", async () => {
    const container = document.body.appendChild(document.createElement("div"));
    const root = createRoot(container);
    await act(async () => root.render(<Part />));
    await screen.findByText("the data");
    expect(commits[0]).toBe("the data");
    act(() => root.unmount());
  });

  it("hydrating the server's HTML, matches it first and shows the data in the next commit", async () => {
    const container = document.body.appendChild(document.createElement("div"));
    // The prerender's markup of the part: a completed Suspense boundary without the data.
    container.innerHTML = "<!--$--><p>no data</p><!--/$-->";
    const serverNode = container.querySelector("p");
    const { recoverable, unmount } = await hydrateAsTheApp(container, <Part />);
    await screen.findByText("the data");
    expect(commits).toEqual(["no data", "the data"]);
    expect(recoverable).not.toHaveBeenCalled();
    // React kept the server's node: nothing was thrown away and drawn again.
    expect(container.querySelector("p")).toBe(serverNode);
    unmount();
  });
});

/** How many times the part mounted after idle has mounted. */
let serviceMounts = 0;

function Service() {
  useLayoutEffect(() => {
    serviceMounts += 1;
  }, []);
  return <p>service</p>;
}

const Later = afterIdle(async () => Service);

function PageWithService() {
  return (
    <div>
      <h1>page</h1>
      <Later />
    </div>
  );
}

describe("a part mounted after idle", () => {
  it("is nothing in the server's HTML and in the hydration, then mounts once the browser is idle", async () => {
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<PageWithService />);
    expect(container.innerHTML).toBe("<div><h1>page</h1></div>");
    // Held back: the test says when the browser is idle.
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
    vi.stubGlobal("cancelIdleCallback", () => {});
    const { recoverable, unmount } = await hydrateAsTheApp(container, <PageWithService />);
    try {
      expect(recoverable).not.toHaveBeenCalled();
      expect(serviceMounts).toBe(0);
      expect(idle).toHaveLength(1);
      await act(async () => idle[0]?.());
      await screen.findByText("service");
      expect(serviceMounts).toBe(1);
    } finally {
      unmount();
      vi.unstubAllGlobals();
    }
  });
});

/** An IntersectionObserver the test drives: what it watches, and a way to bring it into view. */
function stubIntersectionObserver() {
  const watched: Element[] = [];
  const observers: { callback: IntersectionObserverCallback; self: IntersectionObserver }[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback) {
      observers.push({ callback, self: this as unknown as IntersectionObserver });
    }
    observe(target: Element) {
      watched.push(target);
    }
    disconnect() {
      watched.length = 0;
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  return {
    watched,
    /** `target` comes within the margin of the viewport. */
    bringIntoView(target: Element) {
      for (const { callback, self } of observers)
        callback([{ target, isIntersecting: true } as unknown as IntersectionObserverEntry], self);
    },
  };
}

describe("a deferred part that waits to be seen", () => {
  it("keeps the server's HTML, loads nothing until its elements near the viewport, then hydrates them", async () => {
    const observer = stubIntersectionObserver();
    const load = vi.fn(async () => Probe);
    const Below = deferred(load, { whenVisible: true });
    const container = document.body.appendChild(document.createElement("div"));
    // The prerender's markup of the part: its wrapper around a completed Suspense boundary.
    container.innerHTML = '<div class="deferred-part"><!--$--><p>no data</p><!--/$--></div>';
    const serverNode = container.querySelector("p");
    const { recoverable, unmount } = await hydrateAsTheApp(container, <Below />);
    try {
      expect(load).not.toHaveBeenCalled();
      expect(observer.watched).toEqual([serverNode]);
      expect(container.querySelector("p")?.textContent).toBe("no data");

      await act(async () => observer.bringIntoView(serverNode as Element));
      await screen.findByText("the data");
      expect(load).toHaveBeenCalledTimes(1);
      expect(commits).toEqual(["no data", "the data"]);
      expect(recoverable).not.toHaveBeenCalled();
      expect(container.querySelector("p")).toBe(serverNode);
      // Seen, it stops watching.
      expect(observer.watched).toEqual([]);
    } finally {
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it("loads at once should its server HTML go (React threw it away), rather than leave its place empty", async () => {
    stubIntersectionObserver();
    const load = vi.fn(async () => Probe);
    const Below = deferred(load, { whenVisible: true });
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = '<div class="deferred-part"><!--$--><p>no data</p><!--/$--></div>';
    const { unmount } = await hydrateAsTheApp(container, <Below />);
    try {
      expect(load).not.toHaveBeenCalled();
      // What React does to a waiting part that receives an update: its fallback (nothing) instead.
      await act(async () => container.querySelector(".deferred-part p")?.remove());
      await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    } finally {
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it("mounted in the browser, with no server HTML to watch, loads at once", async () => {
    const observer = stubIntersectionObserver();
    const Below = deferred(async () => Probe, { whenVisible: true });
    const container = document.body.appendChild(document.createElement("div"));
    const root = createRoot(container);
    try {
      await act(async () => root.render(<Below />));
      await screen.findByText("the data");
      expect(observer.watched).toEqual([]);
      expect(commits[0]).toBe("the data");
    } finally {
      act(() => root.unmount());
      vi.unstubAllGlobals();
    }
  });
});
