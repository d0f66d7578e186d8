import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ListeningStats } from "#schema/api.ts";
import { AnalyticsScreen } from "#web/routes/analytics.tsx";
import { anonymousSessionId } from "./support/factories";
import { mockApi } from "./support/fetch";
import { renderAt } from "./support/render";
import { stubViewport } from "./support/viewport";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function someStats(): ListeningStats {
  const velvet = { title: "Velvet Harbour", artist: "Nightfall Quartet", plays: 2 };
  const tide = { title: "Slow Tide", artist: "Amber Sato", plays: 1 };
  const cover = "https://radio.test/images/0b5f2f1e-5d7b-4a59-9a43-6f1d2a3c4b5d.png";
  return {
    totalPlays: 3,
    uniqueTracks: 2,
    uniqueArtists: 2,
    topArtist: { artist: "Nightfall Quartet", plays: 2 },
    topTrack: velvet,
    topArtists: [
      { artist: "Nightfall Quartet", plays: 2 },
      { artist: "Amber Sato", plays: 1 },
    ],
    topTracks: [velvet, tide],
    recent: [
      { ...tide, playedAt: minutesAgo(2), artwork: cover },
      { ...velvet, playedAt: minutesAgo(5), artwork: null },
    ],
  };
}

describe("statistics", () => {
  it("says '1 play' and '2 plays'", async () => {
    mockApi({ "GET /api/stats": someStats() });
    renderAt("/analytics", <AnalyticsScreen />);
    const artists = await screen.findByRole("region", { name: "Top 10 Artists" });
    const rows = within(artists).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual(["Nightfall Quartet2 plays", "Amber Sato1 play"]);
    // The top track card and the top tracks list.
    expect(screen.getAllByText("Nightfall Quartet · 2 plays")).toHaveLength(2);
  });

  it("renders the lists below a phone's first screen as they near the viewport, not before", async () => {
    const { observers, reportAll } = stubViewport();
    localStorage.setItem("radio-session-id", anonymousSessionId);
    const api = mockApi({
      "GET /api/stats": someStats(),
      [`GET /api/listening/${anonymousSessionId}`]: {
        weekSeconds: 60,
        totalSeconds: 60,
        sessions: 1,
        topArtists: [],
      },
    });
    const listeningReads = () => api.callsTo("GET", `/api/listening/${anonymousSessionId}`).length;
    renderAt("/analytics", <AnalyticsScreen />);
    expect(await screen.findByRole("region", { name: "Top 10 Artists" })).toBeTruthy();
    expect(screen.getByText("Total plays")).toBeTruthy();
    await waitFor(() => expect(observers.size).toBe(3));
    // Far from the screen: the sections show their headings, their lists wait, and so does
    // "Your listening" with its call.
    act(() => reportAll(false));
    const items = (name: string) => within(screen.getByRole("region", { name })).queryAllByRole("listitem");
    expect(items("Top 10 Tracks")).toHaveLength(0);
    expect(items("Recently Played")).toHaveLength(0);
    expect(screen.queryByRole("region", { name: "Your listening" })).toBeNull();
    expect(listeningReads()).toBe(0);
    // Scrolled near: each renders in place.
    act(() => reportAll(true));
    await waitFor(() => expect(items("Recently Played")).toHaveLength(2));
    expect(items("Top 10 Tracks")).toHaveLength(2);
    expect(await screen.findByRole("region", { name: "Your listening" })).toBeTruthy();
    expect(listeningReads()).toBe(1);
    expect(observers.size).toBe(0);
  });

  it("renders at once what is near the screen as the statistics arrive (a tall screen)", async () => {
    const { observers } = stubViewport();
    vi.mocked(Element.prototype.getBoundingClientRect).mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 600, width: 400, height: 100 }),
    );
    mockApi({ "GET /api/stats": someStats() });
    renderAt("/analytics", <AnalyticsScreen />);
    const recent = await screen.findByRole("region", { name: "Recently Played" });
    expect(within(recent).getAllByRole("listitem")).toHaveLength(2);
    expect(observers.size).toBe(0);
  });

  it("lists recent tracks once each, with their plays and when they last played", async () => {
    mockApi({ "GET /api/stats": someStats() });
    renderAt("/analytics", <AnalyticsScreen />);
    const recent = await screen.findByRole("region", { name: "Recently Played" });
    const rows = within(recent).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Slow Tide Amber Sato · 1 play · 2 minutes ago",
      "Velvet Harbour Nightfall Quartet · 2 plays · 5 minutes ago",
    ]);
    // Each with the cover its last play showed, or the station's mark (an empty box) without one.
    const cover = within(rows[0] as HTMLElement).getByRole("img", { name: "Cover of Slow Tide" });
    expect(cover.getAttribute("src")).toMatch(/\/images\/[\w-]+\.png$/);
    expect(cover.getAttribute("width")).toBe("40");
    expect(within(rows[1] as HTMLElement).queryByRole("img")).toBeNull();
  });

  it("shows 'Your listening': the time this week and in total, and the artists heard most", async () => {
    localStorage.setItem("radio-session-id", anonymousSessionId);
    mockApi({
      "GET /api/stats": someStats(),
      [`GET /api/listening/${anonymousSessionId}`]: {
        weekSeconds: 2 * 3600 + 5 * 60,
        totalSeconds: 26 * 3600,
        sessions: 12,
        topArtists: [
          { artist: "Nightfall Quartet", plays: 9 },
          { artist: "Amber Sato", plays: 1 },
        ],
      },
    });
    renderAt("/analytics", <AnalyticsScreen />);
    const mine = await screen.findByRole("region", { name: "Your listening" });
    expect(await within(mine).findByText("2 h 5 min")).toBeTruthy();
    expect(within(mine).getByText("26 h")).toBeTruthy();
    expect(
      within(mine)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Nightfall Quartet · 9 plays", "Amber Sato · 1 play"]);
    expect(within(mine).getByText(/Kept for this browser; only you see it/)).toBeTruthy();
  });

  it("invites a listener who never played to press play", async () => {
    localStorage.setItem("radio-session-id", anonymousSessionId);
    mockApi({
      "GET /api/stats": someStats(),
      [`GET /api/listening/${anonymousSessionId}`]: {
        weekSeconds: 0,
        totalSeconds: 0,
        sessions: 0,
        topArtists: [],
      },
    });
    renderAt("/analytics", <AnalyticsScreen />);
    const mine = await screen.findByRole("region", { name: "Your listening" });
    expect(await within(mine).findByText("Press play, and the time you listen shows here.")).toBeTruthy();
  });
});
