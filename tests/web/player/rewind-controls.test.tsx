// The rewind controls of the player bar (ADR 040): back 30 seconds, restart the track heard, the
// scrubber, back to live, the player bar naming the track heard while rewound, and what the
// operator allows (ADR 042). The engine that plays the
// past is tests/web/player/rewind-stream.test.ts; here the stream source's rewind is watched.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type RewindIndex, restartLeadMs, type TrackHistoryItem, trackStart } from "#schema/api.ts";
import { PlayerBar } from "#web/features/player/index.ts";
import { PlayFromHistory, useHistoryPlay } from "#web/features/player/play-from-history.tsx";
import { formatBehind, RewindControls, rewindShownKey } from "#web/features/player/rewind-controls.tsx";
import { playHeardAt } from "#web/features/player/rewind-scrubber.tsx";
import * as streamSource from "#web/features/player/stream-source.ts";
import { clientConfigQueryKey } from "#web/lib/queries/config.ts";
import { aClientConfig } from "../support/factories";
import { json, mockApi } from "../support/fetch";
import { audio, renderPlayer, startPlaying } from "../support/player";

const minute = 60_000;
const now = Date.now();
const play = (id: number, title: string, startedAgoMs: number): TrackHistoryItem => ({
  id,
  title,
  artist: `${title} Artist`,
  album: null,
  artwork: null,
  playedAt: new Date(now - startedAgoMs).toISOString(),
});
/** Newest first, as the API answers. */
const history = [
  play(3, "Rain on Vinyl", 1 * minute),
  play(2, "Slow Tide", 5 * minute),
  play(1, "Velvet Harbour", 9 * minute),
];
/** Where the stream itself changed title: a little before two of the stamps, none for the newest play. */
const inBand = { velvet: now - 9 * minute - 1200, slow: now - 5 * minute - 800 };
const window: RewindIndex = {
  quality: "hd",
  minutes: 60,
  oldest: now - 50 * minute,
  newest: now - 3000,
  segments: [],
  titles: [
    { at: inBand.velvet, title: "Velvet Harbour Artist - Velvet Harbour" },
    { at: inBand.slow, title: "Slow Tide Artist - Slow Tide" },
  ],
};

/** The moment the stream source says is heard (null: live). */
let heardAt: number | null = null;
vi.mock("#web/features/player/stream-source.ts", async (actual) => ({
  ...(await actual<typeof import("#web/features/player/stream-source.ts")>()),
  canRewind: vi.fn(() => true),
  rewindPosition: vi.fn(() => heardAt),
  heardMoment: vi.fn(() => heardAt),
  rewindTo: vi.fn((target: { at: number } | null) => {
    heardAt = target?.at ?? null;
  }),
}));

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  heardAt = null;
  vi.mocked(streamSource.canRewind).mockReturnValue(true);
  vi.mocked(streamSource.rewindTo).mockClear();
  api = mockApi({ "GET /api/rewind/hd": window, "GET /api/track-history": history });
});

const title = () => document.querySelector(".player-track-title")?.textContent;

describe("the rewind controls", () => {
  it("go back 30 seconds from live: the newest moment recorded, less 30 s, and the bar names the track heard then", async () => {
    // The controls are a lazy part of the bar's settings.
    renderPlayer(<PlayerBar />);
    fireEvent.click(await screen.findByRole("button", { name: "Back 30 seconds" }, { timeout: 5000 }));
    expect(screen.queryByRole("button", { name: "Back to live" })).toBeNull();

    await waitFor(() => expect(streamSource.rewindTo).toHaveBeenCalled());
    expect(streamSource.rewindTo).toHaveBeenCalledWith({
      at: (window.newest ?? 0) - 30_000,
      qualityOf: expect.any(Function),
    });
    const target = vi.mocked(streamSource.rewindTo).mock.calls[0]?.[0];
    expect(target?.qualityOf(aClientConfig().streams.sd)).toBe("sd");
    expect(target?.qualityOf("https://elsewhere.example/stream")).toBeNull();
    // Pressed while stopped: it plays (the player renders its new status after the seek).
    await waitFor(() => expect(audio().status).toBe("connecting"));
    await waitFor(() => expect(title()).toBe("Rain on Vinyl"), { timeout: 3000 });
    expect(screen.getByText(/^0:3\d behind live$/)).toBeTruthy();

    // Again: 30 s further back, from the moment heard.
    fireEvent.click(screen.getByRole("button", { name: "Back 30 seconds" }));
    await waitFor(() => expect(streamSource.rewindTo).toHaveBeenCalledTimes(2));
    expect(vi.mocked(streamSource.rewindTo).mock.calls[1]?.[0]?.at).toBe((window.newest ?? 0) - 60_000);
  });

  it("read the recorded window once the radio plays or a control is pressed, not as the page starts: a visitor who never plays costs the recorder nothing", async () => {
    renderPlayer(<PlayerBar />);
    const back = await screen.findByRole("button", { name: "Back 30 seconds" }, { timeout: 5000 });
    // Every other call of the bar's start has been answered by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(api.callsTo("GET", "/api/rewind/hd")).toHaveLength(0);

    fireEvent.click(back);
    await waitFor(() => expect(streamSource.rewindTo).toHaveBeenCalled());
    expect(api.callsTo("GET", "/api/rewind/hd").length).toBeGreaterThan(0);
  });

  it("open the strip with its scrubber at once while the radio plays: the window was read as it started", async () => {
    renderPlayer(<PlayerBar />);
    const open = await screen.findByRole("button", { name: "Rewind window" }, { timeout: 5000 });
    startPlaying();
    await waitFor(() => expect(api.callsTo("GET", "/api/rewind/hd").length).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // No call answered between the press and the look: the scrubber came with the strip.
    act(() => {
      fireEvent.click(open);
    });
    expect(screen.getByRole("slider", { name: "Moment to play" })).toBeTruthy();
  });

  it("restart the track heard from where the stream changed title, and come back to live", async () => {
    heardAt = now - 7 * minute;
    renderPlayer(<PlayerBar />);
    fireEvent.click(await screen.findByRole("button", { name: "Restart this track" }, { timeout: 5000 }));
    await waitFor(() => expect(streamSource.rewindTo).toHaveBeenCalled());
    // From where the stream itself changed title, not the stamp: the host names a track after its first notes.
    expect(vi.mocked(streamSource.rewindTo).mock.calls[0]?.[0]?.at).toBe(inBand.velvet);
    await waitFor(() => expect(title()).toBe("Velvet Harbour"), { timeout: 3000 });

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Back to live" })));
    expect(streamSource.rewindTo).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(title()).not.toBe("Velvet Harbour"), { timeout: 3000 });
    expect(screen.queryByRole("button", { name: "Back to live" })).toBeNull();
  });

  it.each([
    // Heard: the last seconds of "Velvet Harbour", just before the stream changes to "Slow Tide".
    { press: "Restart this track", seekTo: inBand.velvet },
    { press: "Back 30 seconds", seekTo: inBand.slow - 33_000 },
  ])(
    "count '$press' from the moment heard as it was pressed, though the music moves on while the window is read",
    async ({ press, seekTo }) => {
      heardAt = inBand.slow - 3000;
      let answerWindow = () => {};
      const windowAnswered = new Promise<void>((resolve) => {
        answerWindow = resolve;
      });
      mockApi({
        "GET /api/rewind/hd": async (call: { path: string }) => {
          if (!call.path.includes("?at=")) await windowAnswered;
          return window;
        },
        "GET /api/track-history": history,
      });
      renderPlayer(<PlayerBar />);
      fireEvent.click(await screen.findByRole("button", { name: press }, { timeout: 5000 }));
      // "Slow Tide" has begun by the time the window answers.
      heardAt = inBand.slow + 2000;
      await act(async () => {
        answerWindow();
        await windowAnswered;
      });
      await waitFor(() => expect(streamSource.rewindTo).toHaveBeenCalled());
      expect(vi.mocked(streamSource.rewindTo).mock.calls[0]?.[0]?.at).toBe(seekTo);
    },
  );

  it("drop a restart that waited on the index once 'Back to live' was pressed meanwhile", async () => {
    // The index pages around the track's stamp answer only when the test says so.
    let answerPages = () => {};
    const pagesAnswered = new Promise<void>((resolve) => {
      answerPages = resolve;
    });
    mockApi({
      "GET /api/rewind/hd": async (call: { path: string }) => {
        if (call.path.includes("?at=")) await pagesAnswered;
        return window;
      },
      "GET /api/track-history": history,
    });
    renderPlayer(<PlayerBar />);
    // Rewound first (30 s back), then the restart, whose index read waits.
    fireEvent.click(await screen.findByRole("button", { name: "Back 30 seconds" }, { timeout: 5000 }));
    await waitFor(() => expect(streamSource.rewindTo).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole("button", { name: "Restart this track" }));
    await act(async () =>
      fireEvent.click(await screen.findByRole("button", { name: "Back to live" }, { timeout: 3000 })),
    );
    expect(streamSource.rewindTo).toHaveBeenLastCalledWith(null);
    await act(async () => {
      answerPages();
      await pagesAnswered;
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(streamSource.rewindTo).toHaveBeenLastCalledWith(null);
    expect(vi.mocked(streamSource.rewindTo).mock.calls.some((c) => c[0]?.at === inBand.velvet)).toBe(false);
  });

  it("are not offered where the station keeps no window, or the browser cannot play the past", async () => {
    const { queryClient, unmount } = renderPlayer(<RewindControls />);
    await act(async () => {});
    expect(screen.getByRole("group", { name: "Rewind" })).toBeTruthy();
    act(() =>
      queryClient.setQueryData(
        clientConfigQueryKey,
        aClientConfig({ rewind: { ...aClientConfig().rewind, minutes: 0 } }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole("group", { name: "Rewind" })).toBeNull());
    unmount();

    vi.mocked(streamSource.canRewind).mockReturnValue(false);
    renderPlayer(<RewindControls />);
    await act(async () => {});
    expect(screen.queryByRole("group", { name: "Rewind" })).toBeNull();
  });

  it("find the play on at a moment, and say how far behind live", () => {
    expect(playHeardAt(history, now - 4 * minute)?.title).toBe("Slow Tide");
    // A track's music starts a little before its stamp.
    expect(playHeardAt(history, now - 5 * minute - restartLeadMs + 1)?.title).toBe("Slow Tide");
    expect(playHeardAt(history, now - 5 * minute - restartLeadMs - 1)?.title).toBe("Velvet Harbour");
    expect(playHeardAt(history, now - 10 * minute)).toBeUndefined();
    // Where the stream's own title changes are known, a track starts at its change.
    expect(playHeardAt(history, inBand.slow, window.titles)?.title).toBe("Slow Tide");
    expect(playHeardAt(history, inBand.slow - 1, window.titles)?.title).toBe("Velvet Harbour");
    // The nearest change within 4 s of the stamp; none that near: the stamp less its lead.
    const stamp = now - 20 * minute;
    expect(trackStart(stamp, [{ at: stamp - 3000 }, { at: stamp + 200 }, { at: stamp - 4001 }])).toBe(
      stamp + 200,
    );
    expect(trackStart(stamp, [{ at: stamp - 4001 }, { at: stamp + 4001 }])).toBe(stamp - restartLeadMs);
    // A station ID between two tracks changes the title too: the change that names the play wins.
    const marks = [
      { at: stamp - 300, title: "Lounge Radio - Station ID" },
      { at: stamp + 900, title: "Aura - Slow Tide" },
    ];
    expect(trackStart(stamp, marks, "Slow Tide")).toBe(stamp + 900);
    expect(trackStart(stamp, marks, "Velvet Harbour")).toBe(stamp - 300);
    expect(formatBehind(245_000)).toBe("4:05");
    expect(formatBehind(3_723_000)).toBe("1:02:03");
  });

  it("offer a scrubber over the window with the tracks marked: resting on a moment plays it, its end is live", async () => {
    renderPlayer(<RewindControls />);
    fireEvent.click(await screen.findByRole("button", { name: "Rewind window" }));
    const slider = await screen.findByRole("slider", { name: "Moment to play" });
    // Once the history is read: the track heard at the slider's moment, and every start marked.
    await waitFor(() =>
      expect(slider.getAttribute("aria-valuetext")).toBe("Live, Rain on Vinyl by Rain on Vinyl Artist"),
    );
    expect(document.querySelectorAll(".player-rewind-mark")).toHaveLength(3);
    expect([...document.querySelectorAll(".player-rewind-mark")].map((m) => m.getAttribute("title"))).toEqual(
      [
        "Rain on Vinyl by Rain on Vinyl Artist",
        "Slow Tide by Slow Tide Artist",
        "Velvet Harbour by Velvet Harbour Artist",
      ],
    );

    // 600 s after the window's oldest moment, the slider's ends being the window's.
    fireEvent.change(slider, { target: { value: "600" } });
    expect(slider.getAttribute("aria-valuetext")).toMatch(/^\d+:\d\d behind live$/);
    expect(streamSource.rewindTo).not.toHaveBeenCalled();
    await waitFor(() => expect(streamSource.rewindTo).toHaveBeenCalledTimes(1));
    expect(vi.mocked(streamSource.rewindTo).mock.calls[0]?.[0]?.at).toBe((window.oldest ?? 0) + 600_000);
    await screen.findByRole("button", { name: "Back to live" });

    fireEvent.change(slider, { target: { value: slider.getAttribute("max") } });
    await waitFor(() => expect(streamSource.rewindTo).toHaveBeenLastCalledWith(null));
  });

  it("offer only what the operator allows: no 'Restart this track', no track marks, no history play buttons", async () => {
    const { queryClient } = renderPlayer(
      <>
        <RewindControls />
        <HistoryRows tracks={[history[1] as TrackHistoryItem]} />
      </>,
    );
    await screen.findByRole("button", { name: "Restart this track" });
    await screen.findByRole("button", { name: /from its start$/ });
    act(() =>
      queryClient.setQueryData(
        clientConfigQueryKey,
        aClientConfig({ rewind: { minutes: 60, restartTrack: false, playFromHistory: false, relay: false } }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole("button", { name: "Restart this track" })).toBeNull());
    expect(screen.queryByRole("button", { name: /from its start$/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Back 30 seconds" }));
    await screen.findByRole("slider", { name: "Moment to play" });
    expect(document.querySelectorAll(".player-rewind-mark")).toHaveLength(0);
  });
});

describe("the row the boot script keeps for the controls on a phone (ADR 063)", () => {
  afterEach(() => {
    document.documentElement.removeAttribute("data-rewind");
    localStorage.clear();
  });
  const marked = () => document.documentElement.hasAttribute("data-rewind");

  it("is marked and remembered where they show, and given up once the station keeps no window", async () => {
    localStorage.setItem(rewindShownKey, "off");
    const { queryClient } = renderPlayer(<RewindControls />);
    await screen.findByRole("button", { name: "Back 30 seconds" });
    await waitFor(() => expect(marked()).toBe(true));
    expect(localStorage.getItem(rewindShownKey)).toBeNull();
    act(() =>
      queryClient.setQueryData(
        clientConfigQueryKey,
        aClientConfig({ rewind: { minutes: 0, restartTrack: true, playFromHistory: true, relay: false } }),
      ),
    );
    await waitFor(() => expect(marked()).toBe(false));
    expect(screen.queryByRole("button", { name: "Back 30 seconds" })).toBeNull();
    expect(localStorage.getItem(rewindShownKey)).toBe("off");
  });

  it("is given up, and nothing remembered, where the configuration cannot come", async () => {
    mockApi({ "GET /api/config": json({ error: "unavailable", message: "Offline" }, 503) });
    document.documentElement.setAttribute("data-rewind", "");
    const { queryClient } = renderPlayer(<RewindControls />, { config: null });
    await waitFor(() => expect(queryClient.getQueryState(clientConfigQueryKey)?.status).toBe("error"));
    await waitFor(() => expect(marked()).toBe(false));
    expect(localStorage.getItem(rewindShownKey)).toBeNull();
    // Back online: the configuration comes, and the row with it.
    mockApi({ "GET /api/config": aClientConfig() });
    await act(() => queryClient.refetchQueries({ queryKey: clientConfigQueryKey }));
    await screen.findByRole("button", { name: "Back 30 seconds" });
    await waitFor(() => expect(marked()).toBe(true));
  });
});

/** A list as /history has it: the rewind state read once, each row's button given it. */
function HistoryRows({ tracks }: { tracks: TrackHistoryItem[] }) {
  const shared = useHistoryPlay();
  return (
    <ul>
      {tracks.map((track) => (
        <li key={track.id}>
          <PlayFromHistory track={track} play={shared} />
        </li>
      ))}
    </ul>
  );
}

describe("a history row's play button", () => {
  it("plays the track from its start while that start is in the window, and is not offered once it is not", async () => {
    renderPlayer(<HistoryRows tracks={[...history, play(0, "Before The Window", 55 * minute)]} />);
    const button = await screen.findByRole("button", {
      name: "Play Slow Tide by Slow Tide Artist from its start",
    });
    expect(screen.getAllByRole("button", { name: /from its start$/ })).toHaveLength(3);
    expect(screen.queryByRole("button", { name: /^Play Before The Window/ })).toBeNull();

    fireEvent.click(button);
    await waitFor(() =>
      expect(streamSource.rewindTo).toHaveBeenCalledWith({
        at: inBand.slow,
        qualityOf: expect.any(Function),
      }),
    );
    await waitFor(() => expect(audio().status).toBe("connecting"));
  });
});
