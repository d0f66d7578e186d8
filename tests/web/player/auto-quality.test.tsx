import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStallCounter, lowerQuality } from "#web/features/player/auto-quality.ts";
import { toast } from "#web/ui/toast.tsx";
import { stubBrowserMedia } from "../support/browser";
import { streams } from "../support/factories";
import {
  audio,
  audioElement,
  fireAudio,
  playerIntegrationsMounted,
  renderPlayer,
  startPlaying,
} from "../support/player";

vi.mock("#web/ui/toast.tsx", async () => (await import("../support/stand-ins")).toastModule);

beforeEach(() => {
  stubBrowserMedia();
  vi.mocked(toast).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

/** The stream ran dry and came back: a stall (Chromium's waiting, then playing). */
function stall() {
  fireAudio("waiting");
  fireAudio("playing");
}

async function playingAt(quality: "hd" | "sd" | "mobile") {
  if (quality !== "hd") localStorage.setItem("stream-quality", quality);
  renderPlayer();
  await playerIntegrationsMounted();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  startPlaying();
  expect(audio().quality).toBe(quality);
}

describe("automatic quality", () => {
  it("steps hd down to sd after two stalls within 30 s, keeps playing, and says so politely", async () => {
    await playingAt("hd");
    stall();
    act(() => vi.advanceTimersByTime(20_000));
    stall();
    expect(audio().quality).toBe("sd");
    expect(audioElement().src).toBe(streams.sd);
    expect(audio().status).not.toBe("stopped");
    // The listener's stored choice is not the automatic step's to change.
    expect(localStorage.getItem("stream-quality")).toBeNull();
    expect(toast).toHaveBeenCalledTimes(1);
    const shown = vi.mocked(toast).mock.calls[0]?.[0];
    expect(shown?.title).toBe("Switched to SD quality");
    expect(shown?.variant).toBeUndefined();

    // The listener asks for HD again: it plays, and it is their choice again.
    act(() => shown?.action?.onClick());
    expect(audio().quality).toBe("hd");
    expect(audioElement().src).toBe(streams.hd);
    expect(localStorage.getItem("stream-quality")).toBe("hd");
  });

  it("steps down when hd never gets going: sources given up before they played count", async () => {
    localStorage.setItem("stream-quality", "hd");
    renderPlayer();
    await playerIntegrationsMounted();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    act(() => audio().play());
    // Pressing play loads the source: not a stall.
    fireAudio("loadstart", "waiting");
    // The player gives up on it after 8 s of waiting and loads it again, twice.
    act(() => vi.advanceTimersByTime(9000));
    fireAudio("loadstart", "waiting");
    expect(audio().quality).toBe("hd");
    act(() => vi.advanceTimersByTime(10_000));
    fireAudio("loadstart");
    expect(audio().quality).toBe("sd");
    expect(localStorage.getItem("stream-quality")).toBe("hd");
  });

  it("counts the source it finds loading when it arrives after play was pressed", async () => {
    renderPlayer();
    act(() => audio().play());
    fireAudio("loadstart", "waiting");
    Object.defineProperty(audioElement(), "paused", { configurable: true, get: () => false });
    // The lazy part arrives now, on a slow network.
    await playerIntegrationsMounted();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    act(() => vi.advanceTimersByTime(9000));
    fireAudio("waiting", "loadstart");
    act(() => vi.advanceTimersByTime(10_000));
    fireAudio("waiting", "loadstart");
    expect(audio().quality).toBe("sd");
  });

  it("takes the listener's quality changes for what they are, not for stalls", async () => {
    await playingAt("hd");
    for (const quality of ["sd", "hd", "sd", "hd"] as const) {
      act(() => audio().setQuality(quality));
      // A new source while playing: the browser reports waiting, then loads it.
      fireAudio("waiting", "loadstart", "playing");
    }
    expect(audio().quality).toBe("hd");
    expect(toast).not.toHaveBeenCalled();
  });

  it("goes on down to mobile, and no lower", async () => {
    await playingAt("sd");
    stall();
    stall();
    expect(audio().quality).toBe("mobile");
    fireAudio("loadstart", "playing");
    stall();
    stall();
    expect(audio().quality).toBe("mobile");
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it("leaves the quality alone for stalls more than 30 s apart, the first buffering, and a pause", async () => {
    await playingAt("hd");
    stall();
    act(() => vi.advanceTimersByTime(30_000));
    stall();
    expect(audio().quality).toBe("hd");
    // A new source buffers before it plays: not a stall.
    fireAudio("loadstart", "waiting", "playing");
    expect(audio().quality).toBe("hd");
    fireAudio("pause");
    act(() => audio().play());
    fireAudio("play", "playing");
    stall();
    expect(audio().quality).toBe("hd");
    expect(toast).not.toHaveBeenCalled();
  });
});

describe("the step's rules", () => {
  it("orders hd, sd, mobile", () => {
    expect(lowerQuality("hd")).toBe("sd");
    expect(lowerQuality("sd")).toBe("mobile");
    expect(lowerQuality("mobile")).toBeNull();
  });

  it("counts two stalls inside the window as one step, then starts over", () => {
    let now = 0;
    const counter = createStallCounter(() => now);
    expect(counter.stalled()).toBe(false);
    now = 29_999;
    expect(counter.stalled()).toBe(true);
    now = 30_500;
    expect(counter.stalled()).toBe(false);
  });
});
