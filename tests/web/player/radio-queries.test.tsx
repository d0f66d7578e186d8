import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playbackStatusAtom } from "#web/features/player/state.ts";
import { fetchNowPlaying, useNextTrack, useNowPlaying } from "#web/lib/queries/radio.ts";
import { setVisibility } from "../support/browser";
import { aTrack } from "../support/factories";
import { json, mockApi } from "../support/fetch";
import { renderWithProviders } from "../support/render";

function NowPlayingProbe() {
  const { data } = useNowPlaying();
  const next = useNextTrack();
  return (
    <>
      <p>{data ? `${data.title} / ${data.artist}` : "loading"}</p>
      <p>{next.data ? `next: ${next.data.title}` : "no next"}</p>
    </>
  );
}

afterEach(() => {
  setVisibility("visible");
});

describe("now playing", () => {
  it("shows the fallback track and logs when the answer is not JSON", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi({ "GET /api/radio/now-playing": new Response("<html>oops</html>", { status: 200 }) });
    await expect(fetchNowPlaying()).resolves.toEqual({
      title: "Lounge Radio",
      artist: "Lounge & Chillout Music",
    });
    expect(log).toHaveBeenCalled();
  });

  it("shows the fallback track when the call fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi({ "GET /api/radio/now-playing": json({ error: "x", message: "down" }, 502) });
    await expect(fetchNowPlaying()).resolves.toMatchObject({ artist: "Lounge & Chillout Music" });
  });
});

describe("polling", () => {
  let titles: string[];
  let api: ReturnType<typeof mockApi>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    titles = ["First", "Second", "Third", "Fourth"];
    let n = 0;
    api = mockApi({
      "GET /api/radio/now-playing": () => aTrack({ title: titles[Math.min(n++, titles.length - 1)] }),
      "GET /api/radio/next-track": aTrack({ title: "Upcoming" }),
    });
  });

  const nowPlayingCalls = () => api.callsTo("GET", "/api/radio/now-playing").length;

  it("polls now playing and next track every 30 s while the tab is visible", async () => {
    renderWithProviders(<NowPlayingProbe />);
    await screen.findByText("First / Chill Collective");
    await screen.findByText("next: Upcoming");
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await screen.findByText("Second / Chill Collective");
    expect(api.callsTo("GET", "/api/radio/next-track")).toHaveLength(2);
  });

  it("stops polling in a hidden tab when the radio is stopped, and catches up at once when visible", async () => {
    renderWithProviders(<NowPlayingProbe />);
    await screen.findByText("First / Chill Collective");
    act(() => setVisibility("hidden"));
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(nowPlayingCalls()).toBe(1);
    act(() => setVisibility("visible"));
    await screen.findByText("Second / Chill Collective");
    expect(nowPlayingCalls()).toBe(2);
  });

  it("keeps polling in a hidden tab while the radio plays", async () => {
    const { store } = renderWithProviders(<NowPlayingProbe />);
    await screen.findByText("First / Chill Collective");
    act(() => store.set(playbackStatusAtom, "playing"));
    act(() => setVisibility("hidden"));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(nowPlayingCalls()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(nowPlayingCalls()).toBe(3));
  });
});
