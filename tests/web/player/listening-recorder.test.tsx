import { act, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ListeningWrite } from "#schema/api.ts";
import { listeningSummaryKey } from "#web/lib/queries/listening.ts";
import { stubBrowserMedia } from "../support/browser";
import { anonymousSessionId } from "../support/factories";
import { mockApi } from "../support/fetch";
import { audio, fireAudio, playerIntegrationsMounted, renderPlayer, startPlaying } from "../support/player";

let writes: ListeningWrite[];
let renderedPlayer: Awaited<ReturnType<typeof start>> | undefined;

/** The player as the app mounts it, logged out; `id` is this browser's anonymous id, if any. */
async function start(id: string | null) {
  stubBrowserMedia();
  if (id) localStorage.setItem("radio-session-id", id);
  writes = [];
  mockApi({
    "POST /api/listening": ({ body }: { body: ListeningWrite }) => {
      writes.push(body);
      return { recorded: true };
    },
  });
  const rendered = renderPlayer();
  await playerIntegrationsMounted();
  // The owner is known once the current-user call has answered (logged out: the browser's id).
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"] });
  return rendered;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("recording the listener's own listening", () => {
  beforeEach(async () => {
    renderedPlayer = await start(anonymousSessionId);
  });

  it("writes once a minute while the radio plays and once when it stops, as one stretch", async () => {
    startPlaying();
    act(() => vi.advanceTimersByTime(59_000));
    expect(writes).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1_000));
    act(() => vi.advanceTimersByTime(60_000));
    act(() => audio().setQuality("sd"));
    act(() => audio().pause());
    fireAudio("pause");
    vi.useRealTimers();
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes.map((w) => [w.ended, w.quality])).toEqual([
      [false, "hd"],
      [false, "hd"],
      [true, "sd"],
    ]);
    expect(new Set(writes.map((w) => w.listeningId)).size).toBe(1);
    expect(writes[0]?.sessionId).toBe(anonymousSessionId);

    // The next play is a new stretch.
    act(() => audio().play());
    fireAudio("play", "playing");
    act(() => audio().pause());
    await waitFor(() => expect(writes).toHaveLength(4));
    expect(writes[3]?.listeningId).not.toBe(writes[0]?.listeningId);
  });

  it("has 'Your listening' read again once a write is recorded", async () => {
    const { queryClient } = renderedPlayer ?? {};
    if (!queryClient) throw new Error("no player");
    const summary = listeningSummaryKey(anonymousSessionId);
    queryClient.setQueryData(summary, { weekSeconds: 0, totalSeconds: 0, sessions: 0, topArtists: [] });
    startPlaying();
    act(() => audio().pause());
    fireAudio("pause");
    vi.useRealTimers();
    await waitFor(() => expect(writes).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryState(summary)?.isInvalidated).toBe(true));
  });

  it("writes the stretch when the tab goes away while it plays", async () => {
    startPlaying();
    act(() => vi.advanceTimersByTime(20_000));
    window.dispatchEvent(new Event("pagehide"));
    vi.useRealTimers();
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.ended).toBe(true);
  });
});

describe("a first visit's listening", () => {
  it("makes the browser's anonymous id with its first stretch, once, and keeps writing under it", async () => {
    await start(null);
    expect(localStorage.getItem("radio-session-id")).toBeNull();
    startPlaying();
    act(() => audio().pause());
    fireAudio("pause");
    vi.useRealTimers();
    await waitFor(() => expect(writes).toHaveLength(1));
    const id = localStorage.getItem("radio-session-id");
    expect(id).toMatch(/^session-\d{10,16}-[A-Za-z0-9]{16,64}$/);
    expect(writes[0]?.sessionId).toBe(id);

    act(() => audio().play());
    fireAudio("play", "playing");
    act(() => audio().pause());
    fireAudio("pause");
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]?.sessionId).toBe(id);
    expect(localStorage.getItem("radio-session-id")).toBe(id);
  });
});
