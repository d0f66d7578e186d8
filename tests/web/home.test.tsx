import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { stationLinks } from "#schema/station-links.ts";
import { HomeScreen } from "#web/routes/home.tsx";
import { aClientConfig, aHistoryItem, aPage, listener } from "./support/factories";
import { mockApi } from "./support/fetch";
import { renderAt } from "./support/render";
import { fakeAudio } from "./support/stand-ins";

vi.mock("#web/features/player/index.ts", async () => (await import("./support/stand-ins")).playerModule);

const longTitle = "An extraordinarily long title about the making of our winter lounge selection";

function pagesNewestFirst(count: number) {
  return Array.from({ length: count }, (_, i) =>
    aPage({
      title: i === 4 ? longTitle : `Update ${i + 1}`,
      slug: `update-${i + 1}`,
      content: "x".repeat(400),
    }),
  );
}

beforeEach(() => {
  fakeAudio.isPlaying = false;
});

describe("home", () => {
  it("toggles the hero button between 'Start Listening' and 'Now Playing'", async () => {
    mockApi({ "GET /api/pages": [], "GET /api/track-history": [] });
    const { rerender } = renderAt("/", <HomeScreen />);
    await userEvent.click(screen.getByRole("button", { name: "Start Listening" }));
    expect(fakeAudio.toggle).toHaveBeenCalledTimes(1);
    fakeAudio.isPlaying = true;
    rerender(<HomeScreen />);
    expect(screen.getByRole("button", { name: "Now Playing" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Learn More/ }).getAttribute("href")).toBe("/about");
  });

  it("shows the empty Now Playing and Coming Up texts before there is a track", async () => {
    // Both answers still on their way when the sections (a lazy chunk) render.
    const pending = () => new Promise<never>(() => undefined);
    mockApi({ "GET /api/radio/now-playing": pending, "GET /api/radio/next-track": pending });
    renderAt("/", <HomeScreen />);
    expect(await screen.findByText("Start listening to see what's playing")).toBeTruthy();
    expect(screen.getByText("Loading upcoming track...")).toBeTruthy();
  });

  it("says Coming Up is not announced when no source names the next track, never loading forever", async () => {
    mockApi({
      "GET /api/config": aClientConfig({ announcesNextTrack: false }),
      "GET /api/radio/next-track": null,
    });
    renderAt("/", <HomeScreen />);
    const comingUp = await screen.findByRole("region", { name: "Coming Up" });
    expect(
      await within(comingUp).findByText("The next track is a surprise: this station does not announce it."),
    ).toBeTruthy();
    expect(within(comingUp).queryByText("Loading upcoming track...")).toBeNull();
  });

  it("shows the current track in the Now Playing card and the next one under Coming Up", async () => {
    mockApi({
      "GET /api/radio/now-playing": {
        title: "Velvet",
        artist: "Aurora Lane",
        album: "Night Moves",
        artwork: null,
      },
      "GET /api/radio/next-track": { title: "Tidal", artist: "Mare", album: null, artwork: null },
    });
    renderAt("/", <HomeScreen />);
    const nowPlaying = await screen.findByRole("region", { name: "Now Playing" });
    expect(await within(nowPlaying).findByText("Velvet")).toBeTruthy();
    expect(within(nowPlaying).getByText("Aurora Lane")).toBeTruthy();
    expect(within(nowPlaying).getByText("Night Moves")).toBeTruthy();
    const comingUp = screen.getByRole("region", { name: "Coming Up" });
    expect(await within(comingUp).findByText("Tidal")).toBeTruthy();
  });

  it("shows three feature cards, the app links and a link to /install", async () => {
    renderAt("/", <HomeScreen />);
    for (const title of ["HD Quality", "24/7 Music", "No Commercials"]) {
      expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
    }
    expect(screen.getByRole("link", { name: "App Store" }).getAttribute("href")).toBe(
      stationLinks.appStoreUrl,
    );
    expect(screen.getByRole("link", { name: "Google Play" }).getAttribute("href")).toBe(
      stationLinks.googlePlayUrl,
    );
    expect(screen.getByRole("link", { name: /install the web app/i }).getAttribute("href")).toBe("/install");
  });

  it("shows the radio host's real listener count when now playing reports one", async () => {
    mockApi({
      "GET /api/radio/now-playing": {
        title: "Blue Hour",
        artist: "Nightdrive",
        album: null,
        artwork: null,
        listeners: 3,
      },
    });
    renderAt("/", <HomeScreen />);
    await waitFor(() => expect(document.querySelector(".listener-number")?.textContent).toBe("3"));
  });

  it("shows a display count between 150 and 199 when the host reports none", async () => {
    renderAt("/", <HomeScreen />);
    const count = await waitFor(() => {
      const text = document.querySelector(".listener-number")?.textContent ?? "";
      expect(text).toMatch(/^\d+$/);
      return Number(text);
    });
    expect(count).toBeGreaterThanOrEqual(150);
    expect(count).toBeLessThanOrEqual(199);
  });

  it("shows at most 6 unique recently played tracks with relative times and 'See all Track History'", async () => {
    const history = [
      aHistoryItem("Blue Hour", "Nightdrive", 1),
      aHistoryItem("blue hour", "Nightdrive", 2),
      ...Array.from({ length: 7 }, (_, i) => aHistoryItem(`Track ${i + 1}`, "Aurora Lane", 10 + i)),
    ];
    mockApi({ "GET /api/track-history": history, "GET /api/pages": [] });
    renderAt("/", <HomeScreen />);
    const section = (await screen.findByRole("heading", { name: "Recently Played" })).closest("section");
    if (!section) throw new Error("no Recently Played section");
    await waitFor(() => expect(within(section).getAllByRole("listitem")).toHaveLength(6));
    expect(within(section).getAllByText("Blue Hour")).toHaveLength(1);
    expect(within(section).queryByText("Track 6")).toBeNull();
    expect(within(section).getByText("1 minute ago")).toBeTruthy();
    expect(within(section).getAllByRole("link", { name: /on YouTube$/ })).toHaveLength(6);
    expect(within(section).getByRole("link", { name: "See all Track History" }).getAttribute("href")).toBe(
      "/history",
    );
  });

  it("shows Recent Updates as 3 cards with 150-character excerpts, then numbered 'More Topics' cut at 50 characters", async () => {
    mockApi({ "GET /api/pages": pagesNewestFirst(6), "GET /api/track-history": [] });
    renderAt("/", <HomeScreen />);
    const heading = await screen.findByRole("heading", { name: "Recent Updates" });
    const section = heading.closest("section");
    if (!section) throw new Error("no Recent Updates section");
    const cards = within(section).getAllByRole("heading", { level: 3 }).slice(0, 3);
    expect(cards.map((h) => h.textContent)).toEqual(["Update 1", "Update 2", "Update 3"]);
    const readMore = within(section).getAllByRole("link", { name: /^Read More/ });
    expect(readMore.map((a) => a.getAttribute("href"))).toEqual([
      "/page/update-1",
      "/page/update-2",
      "/page/update-3",
    ]);
    const excerpt = within(section).getAllByText(/^x+\.\.\.$/)[0]?.textContent ?? "";
    expect(excerpt).toBe(`${"x".repeat(150)}...`);

    const topics = within(section).getByRole("navigation", { name: "More Topics" });
    const list = within(topics).getByRole("list");
    expect(list.tagName).toBe("OL");
    const links = within(list).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual([
      "Update 4",
      `${longTitle.slice(0, 50).trimEnd()}...`,
      "Update 6",
    ]);
    expect(links[1]?.getAttribute("href")).toBe("/page/update-5");
  });

  it("shows no More Topics when there are 3 pages or fewer", async () => {
    mockApi({ "GET /api/pages": pagesNewestFirst(3), "GET /api/track-history": [] });
    renderAt("/", <HomeScreen />);
    await screen.findByRole("heading", { name: "Recent Updates" });
    expect(screen.queryByRole("navigation", { name: "More Topics" })).toBeNull();
  });

  it("shows the office-audio section only when a published office-audio page exists", async () => {
    const officeAudio = aPage({
      title: "Office Audio",
      slug: "office-audio",
      content: `<p>${"y".repeat(300)}</p>`,
    });
    mockApi({ "GET /api/pages": [officeAudio], "GET /api/track-history": [] });
    const first = renderAt("/", <HomeScreen />);
    const heading = await screen.findByRole("heading", { level: 2, name: "Office Audio" });
    const section = heading.closest("section");
    if (!section) throw new Error("no office-audio section");
    expect(within(section).getByText(`${"y".repeat(200)}...`)).toBeTruthy();
    expect(
      within(section)
        .getByRole("link", { name: /Learn More/ })
        .getAttribute("href"),
    ).toBe("/page/office-audio");
    expect(
      within(section)
        .getByRole("link", { name: /office player/ })
        .getAttribute("href"),
    ).toBe(stationLinks.officeAudioUrl);
    first.unmount();

    mockApi({ "GET /api/pages": [{ ...officeAudio, published: "false" }], "GET /api/track-history": [] });
    const second = renderAt("/", <HomeScreen />);
    await waitFor(() => expect(second.queryClient.getQueryState(["/api/pages"])?.status).toBe("success"));
    expect(screen.queryByRole("heading", { level: 2, name: "Office Audio" })).toBeNull();
  });

  it("shows logged-in users an edit button to /pb?edit={id} for the homepage-hero-settings page", async () => {
    const hero = aPage({
      id: "hero-id",
      title: "Hero",
      slug: "homepage-hero-settings",
      heroImageDark: "/images/d.jpg",
    });
    mockApi({ "GET /api/pages": [hero], "GET /api/auth/me": listener });
    renderAt("/", <HomeScreen />);
    const edit = await screen.findByRole("link", { name: "Edit hero" });
    expect(edit.getAttribute("href")).toBe("/pb?edit=hero-id");
    const image = document.querySelector<HTMLImageElement>("img.hero-image");
    expect(image?.getAttribute("src")).toBe("/images/d.jpg");
    expect(image?.dataset.loaded).toBeUndefined();
  });

  it("shows no hero edit button to visitors who are not logged in", async () => {
    const hero = aPage({ id: "hero-id", title: "Hero", slug: "homepage-hero-settings" });
    mockApi({ "GET /api/pages": [hero], "GET /api/auth/me": null });
    const { queryClient } = renderAt("/", <HomeScreen />);
    await waitFor(() => expect(queryClient.getQueryState(["/api/auth/me"])?.status).toBe("success"));
    await waitFor(() => expect(queryClient.getQueryState(["/api/pages"])?.status).toBe("success"));
    expect(screen.queryByRole("link", { name: "Edit hero" })).toBeNull();
  });
});
