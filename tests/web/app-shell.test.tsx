import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { station } from "#schema/station.ts";
import { stationLinks } from "#schema/station-links.ts";
import { App } from "#web/app.tsx";
import { mockApi } from "./support/fetch";
import { renderAt } from "./support/render";

vi.mock("#web/features/player/index.ts", async () => (await import("./support/stand-ins")).playerModule);
vi.mock("#web/features/auth/index.ts", async () => (await import("./support/stand-ins")).authModule);
vi.mock(
  "#web/features/sleep-timer/index.ts",
  async () => (await import("./support/stand-ins")).sleepTimerModule,
);

beforeEach(() => {
  mockApi({ "GET /api/pages": [], "GET /api/track-history": [] });
});

describe("app shell", () => {
  it("shows the header with both link groups, labelled as the spec gives them", () => {
    renderAt("/", <App />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "HOME",
      "ABOUT PB",
      "TRACK HISTORY",
      station.name,
      "FAVORITES",
      "PM STATS",
      "CONTACT",
    ]);
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/",
      "/about",
      "/history",
      "/",
      "/favorites",
      "/analytics",
      "/contact",
    ]);
  });

  it("marks the current route as current", async () => {
    renderAt("/analytics", <App />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "PM STATS" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "HOME" }).getAttribute("aria-current")).toBeNull();
    await screen.findByRole("heading", { name: "Listening Statistics" });
  });

  it("moves the current mark and scrolls to the top when a header link is clicked", async () => {
    const { location } = renderAt("/", <App />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    vi.mocked(window.scrollTo).mockClear();
    await userEvent.click(within(nav).getByRole("link", { name: "ABOUT PB" }));
    expect(location.history?.at(-1)).toBe("/about");
    expect(within(nav).getByRole("link", { name: "ABOUT PB" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "HOME" }).getAttribute("aria-current")).toBeNull();
    expect(window.scrollTo).toHaveBeenCalled();
    await screen.findByRole("heading", { name: `About ${station.name}` });
  });

  it("opens a menu of all six links on narrow screens that closes on selection", async () => {
    const { location } = renderAt("/", <App />);
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    const labels = within(menu)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(labels).toEqual(["HOME", "ABOUT PB", "TRACK HISTORY", "FAVORITES", "PM STATS", "CONTACT"]);
    await userEvent.click(within(menu).getByRole("link", { name: "FAVORITES" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull());
    expect(location.history?.at(-1)).toBe("/favorites");
  });

  it("has a theme toggle and the sleep-timer button in the header", () => {
    renderAt("/", <App />);
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("button", { name: "Switch to light theme" })).toBeTruthy();
    expect(within(header).getByRole("button", { name: "Sleep timer" })).toBeTruthy();
  });

  it("has a footer with the legal pages, maps, mailto, three social networks, 320kbps and the current year", () => {
    renderAt("/", <App />);
    const footer = screen.getByRole("contentinfo");
    const hrefs = within(footer)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        "/page/privacy",
        "/page/terms",
        stationLinks.mapsListingUrl,
        `mailto:${station.contactEmail}`,
        ...stationLinks.social.map((s) => s.url),
      ]),
    );
    expect(stationLinks.social).toHaveLength(3);
    expect(footer.textContent).toContain("320kbps");
    expect(footer.textContent).toContain(String(new Date().getFullYear()));
  });

  it("sets each page's title and description", async () => {
    renderAt("/install", <App />);
    await screen.findByRole("heading", { name: `Install ${station.name}` });
    // Set by the screen's effect, which may run a moment after its heading is in the page.
    await waitFor(() => expect(document.title).toBe(`Install the App | ${station.name}`));
  });

  it("shows a clear offline state while the browser is offline", async () => {
    renderAt("/", <App />);
    // The notice mounts once the browser is idle after the first render (afterIdle, ADR 051): a
    // timer in jsdom, then its chunk.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await import("#web/ui/offline-notice.tsx");
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText(/You are offline/)).toBeNull();
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(screen.getByRole("status").textContent).toContain("You are offline");
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(screen.queryByText(/You are offline/)).toBeNull();
    onLine.mockRestore();
  });

  it("shows the not-found screen with a way back home for an unknown route", async () => {
    renderAt("/no-such-frequency", <App />);
    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeTruthy();
    expect(screen.getByText(/frequency isn't broadcasting/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("links the template page's footer to /, /about, /services, /contact, /privacy and /terms", async () => {
    renderAt("/template", <App />);
    const nav = await screen.findByRole("navigation", { name: "Template footer" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/", "/about", "/services", "/contact", "/privacy", "/terms"]);
  });

  it("mounts the player bar on every screen", () => {
    renderAt("/contact", <App />);
    expect(screen.getByTestId("player-bar")).toBeTruthy();
  });
});
