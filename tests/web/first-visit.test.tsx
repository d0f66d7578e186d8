// A browser's first visit has no anonymous session id, and nothing is kept under one it does not
// have: the screens say so without asking the server, and none makes the id (the listener's
// first stretch of listening does, tests/web/player/listening-recorder.test.tsx).
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ListeningStats } from "#schema/api.ts";
import { AnalyticsScreen } from "#web/routes/analytics.tsx";
import { FavoritesScreen } from "#web/routes/favorites.tsx";
import { mockApi } from "./support/fetch";
import { renderAt } from "./support/render";

const kept = (path: string) => path.startsWith("/api/favorites") || path.startsWith("/api/listening");

describe("a first visit", () => {
  it("shows 'No favorites yet.' on /favorites without asking for a list", async () => {
    const api = mockApi({ "GET /api/auth/me": null });
    renderAt("/favorites", <FavoritesScreen />);
    expect(await screen.findByText("No favorites yet.")).toBeTruthy();
    expect(api.calls.filter((call) => kept(call.path))).toEqual([]);
    expect(localStorage.getItem("radio-session-id")).toBeNull();
  });

  it("invites the listener to press play on /analytics without asking for their listening", async () => {
    const stats: ListeningStats = {
      totalPlays: 0,
      uniqueTracks: 0,
      uniqueArtists: 0,
      topArtist: null,
      topTrack: null,
      topArtists: [],
      topTracks: [],
      recent: [],
    };
    const api = mockApi({ "GET /api/auth/me": null, "GET /api/stats": stats });
    renderAt("/analytics", <AnalyticsScreen />);
    const mine = await screen.findByRole("region", { name: "Your listening" });
    expect(within(mine).getByText("Press play, and the time you listen shows here.")).toBeTruthy();
    expect(within(mine).getByText(/Kept for this browser/)).toBeTruthy();
    expect(api.calls.filter((call) => kept(call.path))).toEqual([]);
    expect(localStorage.getItem("radio-session-id")).toBeNull();
  });
});
