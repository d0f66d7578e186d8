import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { clientConfigQueryKey } from "#web/lib/queries/config.ts";
import { livePlaysQueryKey, withLivePlays } from "#web/lib/queries/track-history.ts";
import { HistoryScreen } from "#web/routes/history.tsx";
import { aClientConfig, aHistoryItem } from "./support/factories";
import { mockApi } from "./support/fetch";
import { renderAt } from "./support/render";
import { stubViewport } from "./support/viewport";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

// One object, as the real hook keeps while nothing changes (the rows are memoized on it).
const noFavorites = vi.hoisted(() => ({
  owner: { user: undefined, ownerId: null, hasNone: true, userPending: false },
  saved: [],
}));
vi.mock("#web/features/favorites/index.ts", () => ({
  ListFavoriteButton: ({ track }: { track: { title: string } }) => (
    <button type="button" aria-label={`Favorite ${track.title}`}>
      ♥
    </button>
  ),
  useListFavorites: () => noFavorites,
}));

describe("track history", () => {
  it("lists unique tracks, each with a heart and a YouTube link, under 'Showing N unique track(s)'", async () => {
    mockApi({
      "GET /api/config": aClientConfig(),
      "GET /api/track-history": [
        aHistoryItem("Blue Hour", "Nightdrive", 1),
        aHistoryItem("Velvet", "Aurora Lane", 5),
        aHistoryItem("blue hour ", "NIGHTDRIVE", 9),
      ],
    });
    renderAt("/history", <HistoryScreen />);
    expect(await screen.findByText("Showing 2 unique track(s)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Favorite Blue Hour" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Favorite Velvet" })).toBeTruthy();
    const youtube = screen.getByRole("link", { name: "Search Velvet by Aurora Lane on YouTube" });
    expect(youtube.getAttribute("href")).toContain("youtube.com/results?search_query=");
    expect(screen.getByText("5 minutes ago")).toBeTruthy();
  });

  it("shows every one of a hundred plays, the last ones too", async () => {
    const plays = Array.from({ length: 100 }, (_, i) => aHistoryItem(`Track ${i}`, `Artist ${i}`, i));
    mockApi({ "GET /api/config": aClientConfig(), "GET /api/track-history": plays });
    renderAt("/history", <HistoryScreen />);
    expect(await screen.findByText("Showing 100 unique track(s)")).toBeTruthy();
    const list = () => screen.getAllByRole("list")[0] as HTMLElement;
    await waitFor(() => expect(within(list()).getAllByRole("listitem")).toHaveLength(100));
    expect(within(list()).getAllByRole("listitem")[99]?.textContent).toContain("Track 99");
  });

  it("renders the rows below the screen as the list's end nears the viewport, not before", async () => {
    const { observers, reportAll } = stubViewport();
    const plays = Array.from({ length: 30 }, (_, i) => aHistoryItem(`Track ${i}`, `Artist ${i}`, i));
    mockApi({ "GET /api/config": aClientConfig(), "GET /api/track-history": plays });
    renderAt("/history", <HistoryScreen />);
    expect(await screen.findByText("Showing 30 unique track(s)")).toBeTruthy();
    const rows = () => within(screen.getAllByRole("list")[0] as HTMLElement).getAllByRole("listitem");
    await waitFor(() => expect(observers.size).toBe(1));
    const firstScreen = rows().length;
    expect(firstScreen).toBeLessThan(30);
    // Far from the end: nothing more is rendered.
    act(() => reportAll(false));
    expect(rows()).toHaveLength(firstScreen);
    // The end nears, again and again: the rest follows, step by step, down to the oldest play.
    await waitFor(() => {
      act(() => reportAll(true));
      expect(rows()).toHaveLength(30);
    });
    expect(rows()[29]?.textContent).toContain("Track 29");
    expect(observers.size).toBe(0);
  });

  it("merges the live room's latest plays into a list that loads after them (the server's few-second copy)", async () => {
    const onAir = aHistoryItem("Slow Tide", "Amber Sato", 1);
    const earlier = aHistoryItem("Velvet", "Aurora Lane", 5);
    const justStarted = aHistoryItem("Paper Lanterns", "Mira Okafor", 0);
    // The cached list has the play on air without the cover the live room has since pushed.
    mockApi({ "GET /api/config": aClientConfig(), "GET /api/track-history": [onAir, earlier] });
    const first = renderAt("/history", <HistoryScreen />);
    first.queryClient.setQueryData(livePlaysQueryKey, [{ ...onAir, artwork: "/images/slow-tide.png" }]);
    const cover = await screen.findByRole("img", { name: "Cover of Slow Tide" });
    expect(cover.getAttribute("src")).toBe("/images/slow-tide.png");
    expect(screen.queryByRole("img", { name: "Cover of Velvet" })).toBeNull();
    first.unmount();
    // The copy is older than the play the live room started, and than the cover its previous
    // play got after it ended: the new play goes first, the previous one shows its cover.
    const second = renderAt("/history", <HistoryScreen />);
    second.queryClient.setQueryData(livePlaysQueryKey, [
      { ...onAir, artwork: "/images/late.png" },
      justStarted,
    ]);
    expect(await screen.findByText("Showing 3 unique track(s)")).toBeTruthy();
    const rows = screen.getAllByRole("listitem");
    expect(rows.map((row) => row.textContent?.includes("Paper Lanterns"))).toEqual([true, false, false]);
    const late = await screen.findByRole("img", { name: "Cover of Slow Tide" });
    expect(late.getAttribute("src")).toBe("/images/late.png");
  });

  it("keeps a row's cover when a live play from before the cover was found has none", () => {
    const onAir = aHistoryItem("Slow Tide", "Amber Sato", 1);
    const earlier = { ...aHistoryItem("Velvet", "Aurora Lane", 5), artwork: "/images/velvet.png" };
    // The live room's plays as a connection lost before the cover's push left them.
    const merged = withLivePlays([onAir, earlier], [{ ...earlier, artwork: null }, onAir]);
    expect(merged.map((row) => row.artwork)).toEqual([null, "/images/velvet.png"]);
    // A cover the admin set since: the live play's wins.
    expect(withLivePlays(merged, [{ ...earlier, artwork: "/images/admin.png" }])[1]?.artwork).toBe(
      "/images/admin.png",
    );
  });

  it("shows the played-tracks widget in a sandboxed frame of the site's own, never its script in the page", async () => {
    mockApi({
      "GET /api/config": aClientConfig({ historyWidgetUrl: "https://widget.example/played.js" }),
      "GET /api/track-history": [],
    });
    const { unmount } = renderAt("/history", <HistoryScreen />);
    const frame = (await screen.findByTitle("Played tracks search")) as HTMLIFrameElement;
    expect(frame.getAttribute("src")).toBe("/widgets/played-tracks");
    // Scripts, but no allow-same-origin: the widget's origin is opaque, the site's cookies and pages out of reach.
    expect(frame.getAttribute("sandbox")?.split(" ")).toContain("allow-scripts");
    expect(frame.getAttribute("sandbox")).not.toContain("allow-same-origin");
    expect(document.querySelector("script[src]")).toBeNull();
    unmount();
  });

  it("grows the widget's frame to the height the frame tells, from that frame only, within bounds", async () => {
    mockApi({
      "GET /api/config": aClientConfig({ historyWidgetUrl: "https://widget.example/played.js" }),
      "GET /api/track-history": [],
    });
    renderAt("/history", <HistoryScreen />);
    const frame = (await screen.findByTitle("Played tracks search")) as HTMLIFrameElement;
    const tell = (height: unknown, source: MessageEventSource | null) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent("message", { data: { type: "played-tracks-height", height }, source }),
        );
      });
    // The frame's listener comes with the effects of its commit, after the frame is in the page.
    await waitFor(() => {
      tell(900, frame.contentWindow);
      expect(frame.style.height).toBe("900px");
    });
    // Another window's word is not the frame's.
    tell(300, window);
    expect(frame.style.height).toBe("900px");
    tell(1e9, frame.contentWindow);
    expect(frame.style.height).toBe("4000px");
    tell("tall", frame.contentWindow);
    expect(frame.style.height).toBe("4000px");
  });

  it("shows the search below the list only with the list: it never waits there for rows to push it down", async () => {
    let answer: (plays: unknown) => void = () => {};
    mockApi({
      "GET /api/config": aClientConfig(),
      "GET /api/track-history": () => new Promise((resolve) => (answer = resolve)),
    });
    const { queryClient } = renderAt("/history", <HistoryScreen />);
    await waitFor(() => expect(queryClient.getQueryData(clientConfigQueryKey)).toBeTruthy());
    await screen.findByText("Loading track history...");
    expect(screen.queryByRole("heading", { name: "Search the played tracks" })).toBeNull();
    answer([aHistoryItem("Velvet Harbour", "Nightfall Quartet", 5)]);
    await screen.findByText("Showing 1 unique track(s)");
    expect(screen.getByRole("heading", { name: "Search the played tracks" })).toBeTruthy();
  });

  it("loads no widget when none is configured", async () => {
    mockApi({ "GET /api/config": aClientConfig(), "GET /api/track-history": [] });
    renderAt("/history", <HistoryScreen />);
    expect(await screen.findByText("Showing 0 unique track(s)")).toBeTruthy();
    expect(document.querySelector("script[src]")).toBeNull();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("searches the station's own history by title or artist when no widget is configured", async () => {
    const { callsTo } = mockApi({
      "GET /api/config": aClientConfig(),
      "GET /api/track-history": [],
      "GET /api/track-history/search": ({ path }: { path: string }) => {
        const q = new URL(path, "http://localhost").searchParams.get("q");
        return q === "velvet"
          ? [
              {
                title: "Velvet Harbour",
                artist: "Nightfall Quartet",
                plays: 2,
                playedAt: minutesAgo(5),
                artwork: "https://radio.test/images/velvet.png",
              },
            ]
          : [];
      },
    });
    const user = userEvent.setup();
    renderAt("/history", <HistoryScreen />);
    const search = await screen.findByRole("searchbox", { name: "Title or artist" });
    expect(screen.getByRole("status").textContent).toBe(
      "Type at least 2 characters of a title or an artist.",
    );
    await user.type(search, "velvet");
    const results = await screen.findByRole("list", { name: "Played tracks matching velvet" });
    expect(within(results).getByText("Velvet Harbour")).toBeTruthy();
    expect(within(results).getByText("2 plays · last 5 minutes ago")).toBeTruthy();
    expect(within(results).getByRole("button", { name: "Favorite Velvet Harbour" })).toBeTruthy();
    expect(within(results).getByRole("img", { name: "Cover of Velvet Harbour" }).getAttribute("src")).toBe(
      "https://radio.test/images/velvet.png",
    );
    expect(screen.getByRole("status").textContent).toBe("1 track(s) found.");
    // One request once the typing settles, not one per key.
    expect(callsTo("GET", "/api/track-history/search")).toHaveLength(1);

    await user.clear(search);
    await user.type(search, "zzz");
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("No played track matches “zzz”."),
    );
    expect(screen.queryByRole("list", { name: /Played tracks matching/ })).toBeNull();
  });

  it("offers no search of its own when a widget is configured", async () => {
    mockApi({
      "GET /api/config": aClientConfig({ historyWidgetUrl: "https://widget.example/played.js" }),
      "GET /api/track-history": [],
    });
    renderAt("/history", <HistoryScreen />);
    await screen.findByRole("heading", { name: "Search the played tracks" });
    expect(screen.queryByRole("searchbox")).toBeNull();
  });
});
