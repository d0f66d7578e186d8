// The prerendered home page hydrates as the build makes it (web/entry-server.tsx): without a
// mismatch, with the stored volume and quality applied afterwards, and with the parts that
// hydrate later (web/ui/deferred.tsx) keeping the very nodes the server sent. A part whose
// server HTML React threw away would flash and shift the page, and a click on it is lost.
// The page's content is a Suspense boundary that hydrates after the shell, by when the shell
// may have fetched now playing, the current user and the configuration: every page must still
// match its HTML.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App as AppAsBuilt } from "#web/app.tsx";
import { prerenderedRoutes, renderRoute as renderRouteAsBuilt } from "#web/entry-server.tsx";
import { currentUserQueryKey } from "#web/lib/queries/auth.ts";
import { clientConfigQueryKey } from "#web/lib/queries/config.ts";
import { nextTrackQueryKey, nowPlayingQueryKey } from "#web/lib/queries/radio.ts";
import { stubBrowserMedia, stubRadixGaps } from "../support/browser";
import { aClientConfig, aTrack, listener } from "../support/factories";
import { mockApi } from "../support/fetch";
import { createTestQueryClient, TestProviders } from "../support/render";

// In the browser, the lazy parts' chunks arrive only when the test opens the gate, as over a
// slow network: after the first hydration's effects (the stored volume and quality) have run.
let openGate: () => void = () => undefined;
function gateLazyParts() {
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
  for (const part of [
    "#web/routes/home-features.tsx",
    "#web/routes/home-sections.tsx",
    "#web/features/shell/site-footer.tsx",
  ]) {
    vi.doMock(part, async (importOriginal) => {
      await gate;
      return importOriginal();
    });
  }
}

// The hydrated container is not Testing Library's to clean up.
afterEach(() => {
  document.body.innerHTML = "";
});

const ownedByReact = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith("__reactFiber$"));

// First: the home page's test below resets the module registry, and a lazy part it loads would
// then be another instance than the one these pages' providers share.
describe("every prerendered page", () => {
  it.each(prerenderedRoutes.filter((route) => route !== "/template"))(
    "%s matches its HTML though the shell's data is already there",
    async (path) => {
      mockApi();
      // Calls after hydration (the pages, say) answer 404 here, and are logged.
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { html } = await renderRouteAsBuilt(path);
      // As main.tsx hydrates: the browser's own location.
      window.history.replaceState(null, "", path);
      const container = document.createElement("div");
      container.innerHTML = html;
      document.body.append(container);
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(nowPlayingQueryKey, aTrack({ listeners: 12 }));
      queryClient.setQueryData(nextTrackQueryKey, aTrack({ title: "Next Up" }));
      queryClient.setQueryData(currentUserQueryKey, listener);
      queryClient.setQueryData(clientConfigQueryKey, aClientConfig({ announcesNextTrack: false }));
      const mismatches: unknown[] = [];
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        startTransition(() => {
          root = hydrateRoot(
            container,
            <StrictMode>
              <TestProviders queryClient={queryClient} store={createStore()}>
                <AppAsBuilt />
              </TestProviders>
            </StrictMode>,
            { onRecoverableError: (error) => mismatches.push(error) },
          );
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      try {
        expect(mismatches).toEqual([]);
        // And the data shows once hydrated.
        expect(container.textContent).toContain("Blue Lagoon");
      } finally {
        // Nothing of React's may run once the test's window is gone.
        act(() => root?.unmount());
      }
    },
  );
});

describe("prerendered home page", () => {
  it("hydrates without a mismatch, keeps the server's nodes of the later parts, then applies the stored volume and quality", async () => {
    stubBrowserMedia();
    stubRadixGaps();
    mockApi({
      "GET /api/pages": [],
      "GET /api/track-history": [],
    });
    const { renderRoute } = await import("#web/entry-server.tsx");
    const { html } = await renderRoute("/");
    // The browser's own module instances, whose lazy parts have not loaded yet.
    vi.resetModules();
    gateLazyParts();
    const { App } = await import("#web/app.tsx");
    expect(html).toContain('preload="none"');

    // As main.tsx hydrates: the browser's own location (the tests above moved it).
    window.history.replaceState(null, "", "/");
    localStorage.setItem("radio-volume", "0.3");
    localStorage.setItem("stream-quality", "mobile");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    // Deferred parts (header, home sections, footer) as the server sent them.
    const sleepTimer = screen.getByRole("button", { name: "Sleep timer" });
    const features = screen.getByRole("list", { name: "Why listen" });
    const footer = container.querySelector("footer") as HTMLElement;
    expect(footer).not.toBeNull();

    const queryClient = createTestQueryClient();
    const recoverable = vi.fn();
    // In a transition, as web/main.tsx hydrates.
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () =>
      startTransition(() => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <QueryClientProvider client={queryClient}>
              <JotaiProvider store={createStore()}>
                <App />
              </JotaiProvider>
            </QueryClientProvider>
          </StrictMode>,
          { onRecoverableError: recoverable },
        );
      }),
    );

    // The stored settings apply while the later parts still wait for their code (the bar's
    // settings are a lazy part too, not gated here: on a busy machine their module takes a while).
    await waitFor(() =>
      expect((screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement).value).toBe("30"),
    );
    expect(ownedByReact(features)).toBe(false);
    // A live message lands meanwhile (web/features/live/apply-message.ts): Coming Up has data.
    act(() =>
      queryClient.setQueryData(nextTrackQueryKey, {
        title: "Tidal",
        artist: "Mare",
        album: null,
        artwork: null,
      }),
    );
    openGate();
    // A part whose server HTML React threw away is never owned: its nodes left the page.
    await waitFor(
      () => {
        for (const part of [sleepTimer, features, footer]) expect(ownedByReact(part)).toBe(true);
      },
      { timeout: 3000 },
    );
    await screen.findByText("Blue Lagoon", { selector: ".player-track-title" });
    expect(recoverable).not.toHaveBeenCalled();
    for (const part of [sleepTimer, features, footer]) expect(container.contains(part)).toBe(true);
    expect((screen.getByRole("combobox", { name: "Stream quality" }) as HTMLSelectElement).value).toBe(
      "mobile",
    );
    act(() => root?.unmount());
  });
});
