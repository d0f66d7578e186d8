import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { CAST_PROMPT_WAIT_MS, CastButton } from "#web/features/player/cast-button.tsx";
import { stubBrowserMedia, stubMediaSource } from "../support/browser";
import { streams } from "../support/factories";
import { audio, audioElement, renderPlayer, startPlaying, streamSourceLoaded } from "../support/player";

// The MSE engine itself is tested in mp3-engine.test.ts; here it only has to exist.
vi.mock("#web/features/player/engine/mse-stream.ts", () => ({
  createMseStream: () => ({ stop() {}, switchTo() {}, delayMs: () => null, down: false }),
}));

/** One element's Remote Playback API as Chrome and Safari give it. */
function aRemote(canWatch: boolean) {
  let report: ((available: boolean) => void) | undefined;
  const remote = Object.assign(new EventTarget(), {
    state: "disconnected" as RemotePlaybackState,
    watchAvailability: vi.fn(async (callback: (available: boolean) => void) => {
      if (!canWatch) throw new DOMException("Availability monitoring is not supported", "NotSupportedError");
      report = callback;
      return 1;
    }),
    cancelWatchAvailability: vi.fn(async () => {}),
    prompt: vi.fn(async () => {}),
    onconnect: null,
    onconnecting: null,
    ondisconnect: null,
  });
  return {
    remote,
    available: (value: boolean) => act(() => report?.(value)),
    enter: (state: RemotePlaybackState, event: string) =>
      act(() => {
        remote.state = state;
        remote.dispatchEvent(new Event(event));
      }),
  };
}

/**
 * The Remote Playback API on every media element (jsdom has none), one per element. Where it
 * cannot watch, watchAvailability rejects (a device saving battery).
 */
function fakeRemote({ canWatch = true } = {}) {
  const remotes = new Map<HTMLMediaElement, ReturnType<typeof aRemote>>();
  Object.defineProperty(HTMLMediaElement.prototype, "remote", {
    configurable: true,
    get(this: HTMLMediaElement) {
      const remote = remotes.get(this) ?? aRemote(canWatch);
      remotes.set(this, remote);
      return remote.remote;
    },
  });
  const probes = () => [...remotes.entries()].filter(([element]) => element !== audioElement());
  return {
    /** The app's <audio> element's. */
    element: () => {
      audioElement().remote;
      return remotes.get(audioElement()) as ReturnType<typeof aRemote>;
    },
    /** The latest element the button made to watch with, and its remote. */
    probe: () => {
      const latest = probes().at(-1);
      if (!latest) throw new Error("no probe element");
      return { ...latest[1], media: latest[0] };
    },
    probes,
  };
}

/** Pauses and plays again: the engine of a new play. */
function playAgain() {
  act(() => audio().pause());
  startPlaying();
  return audioElement().dataset.engine;
}

const castButton = () => screen.queryByRole("button", { name: /another device/ });
let media: ReturnType<typeof stubBrowserMedia>;

beforeEach(() => {
  media = stubBrowserMedia();
});

afterEach(() => {
  Reflect.deleteProperty(HTMLMediaElement.prototype, "remote");
  Reflect.deleteProperty(HTMLMediaElement.prototype, "webkitShowPlaybackTargetPicker");
  Reflect.deleteProperty(HTMLMediaElement.prototype, "webkitCurrentPlaybackTargetIsWireless");
});

describe("cast and AirPlay", () => {
  it("is hidden where the browser has neither the Remote Playback API nor AirPlay", async () => {
    renderPlayer(<CastButton />);
    await streamSourceLoaded();
    expect(castButton()).toBeNull();
  });

  it("shows while a device is in reach, opens the browser's picker, and says when it plays there", async () => {
    const cast = fakeRemote();
    const { unmount } = renderPlayer(<CastButton />);
    await streamSourceLoaded();
    const element = cast.element();
    expect(element.remote.watchAvailability).toHaveBeenCalledTimes(1);
    expect(castButton()).toBeNull();

    element.available(true);
    const button = screen.getByRole("button", { name: "Play on another device" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(button);
    expect(element.remote.prompt).toHaveBeenCalledTimes(1);

    element.enter("connecting", "connecting");
    expect(screen.getByRole("button", { name: "Connecting to another device" })).toBeTruthy();
    element.enter("connected", "connect");
    expect(
      screen.getByRole("button", { name: "Playing on another device" }).getAttribute("aria-pressed"),
    ).toBe("true");
    element.enter("disconnected", "disconnect");
    element.available(false);
    expect(castButton()).toBeNull();

    unmount();
    expect(element.remote.cancelWatchAvailability).toHaveBeenCalledWith(1);
  });

  it("stays hidden when the device cannot watch for devices (NotSupportedError)", async () => {
    const cast = fakeRemote({ canWatch: false });
    renderPlayer(<CastButton />);
    await streamSourceLoaded();
    startPlaying();
    await act(async () => {});
    expect(cast.probe().remote.watchAvailability).toHaveBeenCalled();
    expect(castButton()).toBeNull();
  });

  it("shows while the radio plays through MSE and a never-played probe clip finds a device", async () => {
    stubMediaSource();
    const cast = fakeRemote();
    renderPlayer(<CastButton />);
    await streamSourceLoaded();
    // Before the first play the element has nothing to hand a device: no probe loads yet.
    expect(cast.probes()).toHaveLength(0);
    expect(castButton()).toBeNull();

    startPlaying();
    expect(audioElement().dataset.engine).toBe("mse");
    const probe = cast.probe();
    probe.available(true);
    cast.element().available(false);
    expect(screen.getByRole("button", { name: "Play on another device" })).toBeTruthy();

    // The site's own clip, never a second connection to the stream.
    expect(probe.media.isConnected).toBe(false);
    expect(probe.media.preload).toBe("metadata");
    expect(probe.media.muted).toBe(true);
    expect(probe.media.crossOrigin).toBeNull();
    expect(probe.media.getAttribute("src")).toMatch(/\/cast-probe[^/]*\.mp3/);
    expect(Object.values(streams)).not.toContain(probe.media.getAttribute("src"));
    expect(media.play.mock.contexts).not.toContain(probe.media);
    expect(probe.remote.prompt).not.toHaveBeenCalled();
  });

  it("keeps one probe from the first play on, across quality changes and plays, and ends every watch when it goes", async () => {
    const cast = fakeRemote();
    const { unmount } = renderPlayer(<CastButton />);
    await streamSourceLoaded();
    startPlaying();
    const element = cast.element();
    const probe = cast.probe();

    act(() => audio().setQuality("sd"));
    await act(async () => {});
    playAgain();
    expect(cast.probe().media).toBe(probe.media);
    expect(cast.probes()).toHaveLength(1);

    unmount();
    expect(probe.remote.cancelWatchAvailability).toHaveBeenCalledWith(1);
    expect(probe.media.hasAttribute("src")).toBe(false);
    expect(element.remote.cancelWatchAvailability).toHaveBeenCalledWith(1);
  });

  it("asks again once the element has read the URL it was handed, where the first ask is refused (Chrome)", async () => {
    stubMediaSource();
    const cast = fakeRemote();
    renderPlayer(<CastButton />);
    await streamSourceLoaded();
    startPlaying();
    cast.probe().available(true);
    const element = cast.element();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const notYet = new DOMException(
      "The currentSrc is not compatible with remote playback",
      "NotSupportedError",
    );
    element.remote.prompt.mockRejectedValueOnce(notYet);

    fireEvent.click(screen.getByRole("button", { name: "Play on another device" }));
    await act(async () => {});
    expect(element.remote.prompt).toHaveBeenCalledTimes(1);
    expect(audioElement().dataset.engine).toBe("element");

    element.available(true);
    await act(async () => {});
    expect(element.remote.prompt).toHaveBeenCalledTimes(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it("asks once more after the wait where the element never says, then gives the next play back to MSE", async () => {
    stubMediaSource();
    const cast = fakeRemote();
    renderPlayer(<CastButton />);
    await streamSourceLoaded();
    startPlaying();
    cast.probe().available(true);
    const element = cast.element();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const none = new DOMException("No remote playback devices found.", "NotFoundError");
    element.remote.prompt.mockRejectedValue(none);
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole("button", { name: "Play on another device" }));
      await act(async () => {});
      expect(element.remote.prompt).toHaveBeenCalledTimes(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(CAST_PROMPT_WAIT_MS);
      });
      expect(element.remote.prompt).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
    expect(warn).toHaveBeenCalledWith("Remote playback:", none);
    expect(playAgain()).toBe("mse");
  });

  it("hands the element the stream's URL in the press, before the picker opens on it", async () => {
    stubMediaSource();
    const cast = fakeRemote();
    renderPlayer(<CastButton />);
    await streamSourceLoaded();
    startPlaying();
    cast.probe().available(true);
    const element = cast.element();
    let atPrompt: { engine?: string; src: string | null } | undefined;
    element.remote.prompt.mockImplementation(async () => {
      atPrompt = { engine: audioElement().dataset.engine, src: audioElement().getAttribute("src") };
    });

    fireEvent.click(screen.getByRole("button", { name: "Play on another device" }));
    expect(atPrompt).toEqual({ engine: "element", src: streams.hd });
    expect(cast.probe().remote.prompt).not.toHaveBeenCalled();
  });

  it("gives the next play back to MSE when the picker is closed, without restarting this one", async () => {
    stubMediaSource();
    const cast = fakeRemote();
    renderPlayer(<CastButton />);
    await streamSourceLoaded();
    startPlaying();
    cast.probe().available(true);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const dismissed = new DOMException("The prompt was dismissed.", "NotAllowedError");
    cast.element().remote.prompt.mockRejectedValue(dismissed);

    fireEvent.click(screen.getByRole("button", { name: "Play on another device" }));
    const plays = media.play.mock.calls.length;
    await act(async () => {});
    expect(warn).toHaveBeenCalledWith("Remote playback:", dismissed);
    expect(media.play.mock.calls.length).toBe(plays);
    expect(audioElement().dataset.engine).toBe("element");
    expect(playAgain()).toBe("mse");
  });

  it("keeps the element's URL while a device plays, and gives the next play back to MSE when it disconnects", async () => {
    stubMediaSource();
    const cast = fakeRemote();
    renderPlayer(<CastButton />);
    await streamSourceLoaded();
    startPlaying();
    cast.probe().available(true);
    const element = cast.element();
    // As the browsers do: the remote is connecting when prompt() fulfils.
    element.remote.prompt.mockImplementation(async () => {
      element.remote.state = "connecting";
      element.remote.dispatchEvent(new Event("connecting"));
    });

    fireEvent.click(screen.getByRole("button", { name: "Play on another device" }));
    await act(async () => {});
    expect(screen.getByRole("button", { name: "Connecting to another device" })).toBeTruthy();
    element.enter("connected", "connect");
    expect(playAgain()).toBe("element");

    element.enter("disconnected", "disconnect");
    expect(audioElement().dataset.engine).toBe("element");
    expect(playAgain()).toBe("mse");
  });

  it("uses Safari's AirPlay picker where only that exists, on the element's URL until AirPlay ends", async () => {
    stubMediaSource();
    let engineAtPicker: string | undefined;
    const picker: Mock<() => void> = vi.fn(() => {
      engineAtPicker = audioElement().dataset.engine;
    });
    Object.defineProperty(HTMLMediaElement.prototype, "webkitShowPlaybackTargetPicker", {
      configurable: true,
      value: picker,
    });
    renderPlayer(<CastButton />);
    await streamSourceLoaded();
    expect(castButton()).toBeNull();
    const availability = Object.assign(new Event("webkitplaybacktargetavailabilitychanged"), {
      availability: "available",
    });
    act(() => {
      audioElement().dispatchEvent(availability);
    });
    startPlaying();
    expect(audioElement().dataset.engine).toBe("mse");

    fireEvent.click(screen.getByRole("button", { name: "Play on another device" }));
    expect(picker).toHaveBeenCalledTimes(1);
    expect(engineAtPicker).toBe("element");

    Object.defineProperty(HTMLMediaElement.prototype, "webkitCurrentPlaybackTargetIsWireless", {
      configurable: true,
      value: false,
    });
    act(() => {
      audioElement().dispatchEvent(new Event("webkitcurrentplaybacktargetiswirelesschanged"));
    });
    expect(playAgain()).toBe("mse");
  });
});
