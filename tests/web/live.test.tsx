import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { LiveMessage, NowPlaying, TrackHistoryItem } from "#schema/api.ts";
import { applyLiveMessage } from "#web/features/live/apply-message.ts";
import {
  liveMaxRetryMs,
  liveRetryWindowMs,
  parseLiveMessage,
  retryDelayMs,
} from "#web/features/live/connection.ts";
import { LiveUpdates } from "#web/features/live/index.ts";
import { requestLivePass } from "#web/lib/live-pass.ts";
import { nowPlayingQueryKey, useNextTrack, useNowPlaying } from "#web/lib/queries/radio.ts";
import { trackHistoryQueryKey, useTrackHistory } from "#web/lib/queries/track-history.ts";
import { setVisibility } from "./support/browser";
import { aHistoryItem, aTrack } from "./support/factories";
import { FakeWebSocket } from "./support/fake-websocket";
import { mockApi } from "./support/fetch";
import { createTestQueryClient, renderWithProviders } from "./support/render";

let version = 0;
function aLiveMessage(overrides: Partial<LiveMessage> = {}): LiveMessage {
  version += 1;
  return {
    type: "now-playing",
    version,
    current: { title: "Pushed Title", artist: "Live Artist", album: null, artwork: null },
    next: { title: "Pushed Next", artist: "Next Artist", album: null, artwork: null },
    listeners: 17,
    at: Date.now() - 1000,
    sentAt: Date.now(),
    played: null,
    ...overrides,
  };
}

function Probe() {
  const { data: now } = useNowPlaying();
  const { data: next } = useNextTrack();
  const { data: history } = useTrackHistory();
  return (
    <>
      <p>now: {now ? `${now.title} / ${now.artist} / ${now.listeners ?? "none"}` : "loading"}</p>
      <p>next: {next ? next.title : "none"}</p>
      <p>history: {history ? history.map((h) => h.title).join(", ") : "loading"}</p>
    </>
  );
}

function renderLive() {
  const api = mockApi({
    "GET /api/radio/now-playing": aTrack({ title: "Polled Title" }),
    "GET /api/radio/next-track": aTrack({ title: "Polled Next" }),
    "GET /api/track-history": [aHistoryItem("Older", "A", 0)],
  });
  const view = renderWithProviders(
    <>
      <LiveUpdates />
      <Probe />
    </>,
  );
  return { ...view, api, nowPlayingCalls: () => api.callsTo("GET", "/api/radio/now-playing").length };
}

/** The timers the connection and the polls use; promises stay real (the app imports lazily). */
const installFakeTimers = () =>
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });

/** vi.waitFor advances fake timers when a test uses them (TanStack Query notifies on a timer). */
const shows = (text: string | RegExp) => vi.waitFor(() => screen.getByText(text));

async function openSocket() {
  await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.latest;
  act(() => socket.serverOpen());
  return socket;
}

/** On fake timers: the first poll has answered, then the live connection opens. */
async function openAfterFirstPoll() {
  installFakeTimers();
  const { nowPlayingCalls } = renderLive();
  await vi.waitFor(() => expect(nowPlayingCalls()).toBe(1));
  return { socket: await openSocket(), nowPlayingCalls };
}

describe("the live connection", () => {
  it("opens one WebSocket to /api/radio/live on the site's own host", async () => {
    renderLive();
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(FakeWebSocket.latest.url).toBe(`ws://${location.host}/api/radio/live`);
  });

  it("shows a pushed track, next track and listener count everywhere now playing is read", async () => {
    renderLive();
    await screen.findByText("now: Polled Title / Chill Collective / none");
    const socket = await openSocket();
    act(() => socket.serverSend(aLiveMessage()));
    await shows("now: Pushed Title / Live Artist / 17");
    await shows("next: Pushed Next");
  });

  it("adds the pushed track's history row to a loaded history list, once", async () => {
    renderLive();
    await screen.findByText("history: Older");
    const socket = await openSocket();
    const played = aHistoryItem("Pushed Title", "Live Artist", 0);
    act(() => socket.serverSend(aLiveMessage({ played })));
    act(() => socket.serverSend(aLiveMessage({ played, listeners: 18 })));
    await shows("history: Pushed Title, Older");
  });

  it("ignores a message older than the one shown, and anything that is not a live message", async () => {
    renderLive();
    const socket = await openSocket();
    const newer = aLiveMessage({ current: { title: "Newer", artist: "X", album: null, artwork: null } });
    const older = { ...newer, version: newer.version - 1, current: { title: "Older push", artist: "X" } };
    act(() => socket.serverSend(newer));
    act(() => socket.serverSend(older));
    act(() => socket.serverSend("not json"));
    act(() => socket.serverSend({ type: "other", version: 999 }));
    act(() => socket.serverSend(aLiveMessage({ version: newer.version - 2, listeners: 1 })));
    await shows(/^now: Newer/);
    expect(screen.queryByText(/ \/ 1$/)).toBeNull();
  });

  it("stops the 30 s polls while it is open, and polls again when it drops", async () => {
    const { socket, nowPlayingCalls } = await openAfterFirstPoll();
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(nowPlayingCalls()).toBe(1);
    act(() => socket.serverClose(1012, "deploy"));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(nowPlayingCalls()).toBe(2);
  });

  it("reconnects after a drop, and takes the new connection's first message whatever its version", async () => {
    installFakeTimers();
    renderLive();
    const first = await openSocket();
    act(() => first.serverSend(aLiveMessage({ version: 50 })));
    act(() => first.serverClose(1001, "going away"));
    await act(() => vi.advanceTimersByTimeAsync(liveMaxRetryMs));
    expect(FakeWebSocket.instances).toHaveLength(2);
    const second = FakeWebSocket.latest;
    act(() => second.serverOpen());
    act(() =>
      second.serverSend(aLiveMessage({ version: 3, current: { title: "After restart", artist: "Y" } })),
    );
    await shows(/^now: After restart/);
  });

  it("pings every 25 s, and drops a silent connection at once: polling and a new socket take over", async () => {
    const { socket, nowPlayingCalls } = await openAfterFirstPoll();
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(socket.sent).toEqual(["ping"]);
    act(() => socket.serverSend("pong"));
    // The next ping gets no pong: 10 s later the app stops trusting the socket (which, over a
    // dead network, never reports its close).
    await act(() => vi.advanceTimersByTimeAsync(25_000 + 10_000));
    expect(socket.closedWith).toEqual({ code: 4000, reason: "No pong" });
    await act(() => vi.advanceTimersByTimeAsync(liveRetryWindowMs));
    expect(FakeWebSocket.instances).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(nowPlayingCalls()).toBe(2);
  });

  it("pings at once when the tab is shown again", async () => {
    renderLive();
    const socket = await openSocket();
    act(() => setVisibility("hidden"));
    act(() => setVisibility("visible"));
    expect(socket.sent).toEqual(["ping"]);
  });

  it("closes its socket when the app unmounts", async () => {
    const { unmount } = renderLive();
    const socket = await openSocket();
    unmount();
    expect(socket.closedWith).toEqual({ code: 1000, reason: "Leaving" });
  });
});

describe("passes for the insights (ADR 036)", () => {
  const pass = "q9ZkT3vB0xLm7cWn2YpR4a";

  it("are asked of the connection once it is open and handed to the player; a drop answers null", async () => {
    renderLive();
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest;
    // Asked while the connection is still opening (a press at first paint): asked once it opens.
    const early = requestLivePass();
    expect(socket.sent).toEqual([]);
    act(() => socket.serverOpen());
    expect(socket.sent).toEqual(["pass"]);
    act(() => socket.serverSend({ type: "pass", pass }));
    expect(await early).toBe(pass);
    // The answer is no live message: now playing still shows the poll.
    await shows(/now: Polled Title/);
    const dropped = requestLivePass();
    expect(socket.sent).toEqual(["pass", "pass"]);
    act(() => socket.serverClose());
    expect(await dropped).toBeNull();
  });

  it("are null once the app unmounts", async () => {
    const { unmount } = renderLive();
    await openSocket();
    unmount();
    expect(await requestLivePass()).toBeNull();
  });
});

describe("reconnect delays", () => {
  it("start between 1 and 10 s, widen with each failed attempt and never pass 60 s", () => {
    expect(retryDelayMs(0, () => 0)).toBe(1000);
    expect(retryDelayMs(0, () => 1)).toBe(10_000);
    expect(retryDelayMs(1, () => 1)).toBe(20_000);
    expect(retryDelayMs(20, () => 1)).toBe(liveMaxRetryMs);
  });

  it("spread listeners over the whole window (full jitter), so a deploy does not bring everyone back at once", () => {
    const delays = Array.from({ length: 1000 }, () => retryDelayMs(0));
    const seconds = new Set(delays.map((d) => Math.floor(d / 1000)));
    expect(seconds.size).toBe(9);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(10_000);
  });
});

describe("live messages", () => {
  it("are read only when they have the live message's shape", () => {
    const message = aLiveMessage();
    expect(parseLiveMessage(JSON.stringify(message))).toEqual(message);
    expect(parseLiveMessage("pong")).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...message, current: { title: 3 } }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify([message]))).toBeNull();
  });
});

describe("a live message's track", () => {
  it("carries the recorded play's id, so the share button shares the track's own page", () => {
    const queryClient = createTestQueryClient();
    const played = aHistoryItem("Pushed Title", "Live Artist", 0);
    applyLiveMessage(queryClient, aLiveMessage({ played }));
    expect(queryClient.getQueryData<NowPlaying>(nowPlayingQueryKey)?.historyId).toBe(played.id);
    applyLiveMessage(queryClient, aLiveMessage({ played: null }));
    expect(queryClient.getQueryData<NowPlaying>(nowPlayingQueryKey)?.historyId).toBeNull();
  });

  it("brings the cover found after the push to the play the history list holds, without a second row", () => {
    const queryClient = createTestQueryClient();
    const earlier = aHistoryItem("Earlier", "Live Artist", 60_000);
    const played = aHistoryItem("Pushed Title", "Live Artist", 0);
    queryClient.setQueryData<TrackHistoryItem[]>(trackHistoryQueryKey, [earlier]);
    applyLiveMessage(queryClient, aLiveMessage({ played }));
    const cover = "http://localhost/images/3067a4e2-bb81-1b14-cdd9-34620eb03f8c.png";
    applyLiveMessage(queryClient, aLiveMessage({ played: { ...played, artwork: cover } }));
    const list = queryClient.getQueryData<TrackHistoryItem[]>(trackHistoryQueryKey);
    expect(list?.map((item) => [item.title, item.artwork])).toEqual([
      ["Pushed Title", cover],
      ["Earlier", earlier.artwork],
    ]);
  });

  it("brings a cover found after its track ended to the previous play, and a play the list missed", () => {
    const queryClient = createTestQueryClient();
    const older = aHistoryItem("Older", "Live Artist", 2);
    const previous = aHistoryItem("Ended Before Its Cover", "Live Artist", 1);
    const played = aHistoryItem("Pushed Title", "Live Artist", 0);
    const cover = "http://localhost/images/3067a4e2-bb81-1b14-cdd9-34620eb03f8c.png";
    // A list from a cache: it has the previous play without its cover.
    queryClient.setQueryData<TrackHistoryItem[]>(trackHistoryQueryKey, [previous, older]);
    applyLiveMessage(queryClient, aLiveMessage({ played, previous: { ...previous, artwork: cover } }));
    expect(
      queryClient
        .getQueryData<TrackHistoryItem[]>(trackHistoryQueryKey)
        ?.map((item) => [item.title, item.artwork]),
    ).toEqual([
      ["Pushed Title", played.artwork],
      ["Ended Before Its Cover", cover],
      ["Older", older.artwork],
    ]);
    // A list from a cache older than both plays takes both, newest first.
    queryClient.setQueryData<TrackHistoryItem[]>(trackHistoryQueryKey, [older]);
    applyLiveMessage(queryClient, aLiveMessage({ played, previous }));
    expect(
      queryClient.getQueryData<TrackHistoryItem[]>(trackHistoryQueryKey)?.map((item) => item.title),
    ).toEqual(["Pushed Title", "Ended Before Its Cover", "Older"]);
  });
});
