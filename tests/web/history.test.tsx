import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { HistoryScreen } from "#web/routes/history.tsx";
import { aClientConfig, aHistoryItem } from "./support/factories";
import { mockApi } from "./support/fetch";
import { renderAt } from "./support/render";

vi.mock("#web/features/favorites/index.ts", () => ({
  FavoriteButton: ({ track }: { track: { title: string } }) => (
    <button type="button" aria-label={`Favorite ${track.title}`}>
      ♥
    </button>
  ),
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

  it("loads the played-tracks widget's script here, async, when one is configured", async () => {
    mockApi({
      "GET /api/config": aClientConfig({ historyWidgetUrl: "https://widget.example/played.js" }),
      "GET /api/track-history": [],
    });
    const { unmount } = renderAt("/history", <HistoryScreen />);
    await waitFor(() =>
      expect(document.querySelector('script[src="https://widget.example/played.js"]')).toBeTruthy(),
    );
    const script = document.querySelector<HTMLScriptElement>(
      'script[src="https://widget.example/played.js"]',
    );
    expect(script?.async).toBe(true);
    unmount();
    expect(document.querySelector('script[src="https://widget.example/played.js"]')).toBeNull();
  });

  it("loads no widget script when none is configured", async () => {
    mockApi({ "GET /api/config": aClientConfig(), "GET /api/track-history": [] });
    renderAt("/history", <HistoryScreen />);
    expect(await screen.findByText("Showing 0 unique track(s)")).toBeTruthy();
    expect(document.querySelector("script[src]")).toBeNull();
  });
});
