import { act, render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAudio } from "#web/features/player/index.ts";
import { listeningDelayMs } from "#web/lib/listening-delay.ts";
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

function UsesAudio() {
  useAudio();
  return null;
}

let media: ReturnType<typeof stubBrowserMedia>;

beforeEach(() => {
  media = stubBrowserMedia();
});

describe("player state", () => {
  it("renders one audio element that is not preloaded", () => {
    renderPlayer();
    expect(document.querySelectorAll("audio")).toHaveLength(1);
    expect(audioElement().getAttribute("preload")).toBe("none");
    expect(audioElement().hasAttribute("src")).toBe(false);
  });

  it("is driven by the audio element's play and pause events", () => {
    renderPlayer();
    expect(audio().status).toBe("stopped");
    fireAudio("play");
    expect(audio().isPlaying).toBe(true);
    expect(audio().status).toBe("connecting");
    fireAudio("playing");
    expect(audio().status).toBe("playing");
    // Paused by the browser or the OS, not through the bar.
    fireAudio("pause");
    expect(audio().isPlaying).toBe(false);
    expect(audio().status).toBe("stopped");
  });

  it("starts the stream of the chosen quality when play is pressed", () => {
    renderPlayer();
    act(() => audio().play());
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(audioElement().src).toBe(streams.hd);
    expect(audio().status).toBe("connecting");
  });

  it("stays stopped when the browser fires `playing` as the paused stream unloads (WebKit)", () => {
    renderPlayer();
    startPlaying();
    act(() => audio().pause());
    fireAudio("playing", "abort", "emptied");
    expect(audio().status).toBe("stopped");
    expect(audio().isPlaying).toBe(false);
  });

  it("stops and unloads the stream when pause is pressed", () => {
    renderPlayer();
    act(() => audio().play());
    fireAudio("playing");
    act(() => audio().pause());
    expect(media.pause).toHaveBeenCalled();
    expect(audio().status).toBe("stopped");
    expect(audioElement().hasAttribute("src")).toBe(false);
  });

  it("shows stopped, not a spinner, when the browser's autoplay policy refuses play()", async () => {
    media.play.mockImplementation(() =>
      Promise.reject(new DOMException("Autoplay refused", "NotAllowedError")),
    );
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderPlayer();
    await act(async () => audio().play());
    expect(audio().status).toBe("stopped");
    expect(audio().isPlaying).toBe(false);
  });

  it("sets stopped and logs an audio error when the listener did not ask to play", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderPlayer();
    audioElement().setAttribute("src", streams.hd);
    fireAudio("play");
    act(() => audio().pause());
    audioElement().setAttribute("src", streams.hd);
    fireAudio("error");
    expect(audio().status).toBe("stopped");
    expect(log).toHaveBeenCalled();
  });

  it("throws outside AudioProvider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<UsesAudio />)).toThrow("useAudio must be used within AudioProvider");
  });
});

describe("volume and mute", () => {
  it("mute sets 0 when the volume is above 0, otherwise 0.7", () => {
    renderPlayer();
    act(() => audio().setVolume(0.35));
    act(() => audio().toggleMute());
    expect(audio().volume).toBe(0);
    expect(audioElement().volume).toBe(0);
    act(() => audio().toggleMute());
    expect(audio().volume).toBe(0.7);
    expect(audioElement().volume).toBeCloseTo(0.7);
  });

  it("clamps the volume to 0..1 and stores it under radio-volume", () => {
    renderPlayer();
    act(() => audio().setVolume(1.8));
    expect(audio().volume).toBe(1);
    expect(localStorage.getItem("radio-volume")).toBe("1");
    act(() => audio().setVolume(-0.5));
    expect(audio().volume).toBe(0);
    expect(localStorage.getItem("radio-volume")).toBe("0");
  });

  it("defaults to volume 0.7 and hd, and restores the stored volume and quality after mount", () => {
    renderPlayer();
    expect(audio().volume).toBe(0.7);
    expect(audio().quality).toBe("hd");
    localStorage.setItem("radio-volume", "0.25");
    localStorage.setItem("stream-quality", "sd");
    renderPlayer();
    expect(audio().volume).toBe(0.25);
    expect(audio().quality).toBe("sd");
  });

  it("ignores a stored quality that is not one of hd, sd, mobile", () => {
    localStorage.setItem("stream-quality", "ultra");
    renderPlayer();
    expect(audio().quality).toBe("hd");
  });
});

describe("quality", () => {
  it("switching quality while playing swaps the source and resumes", () => {
    renderPlayer();
    startPlaying();
    act(() => audio().setQuality("mobile"));
    expect(audioElement().src).toBe(streams.mobile);
    expect(media.play).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem("stream-quality")).toBe("mobile");
    // The browser may report a pause while the source changes; the radio stays on.
    fireAudio("pause");
    fireAudio("play");
    fireAudio("playing");
    expect(audio().status).toBe("playing");
  });

  it("switching quality while stopped only remembers it for the next play", () => {
    renderPlayer();
    act(() => audio().setQuality("sd"));
    expect(media.play).not.toHaveBeenCalled();
    expect(audio().status).toBe("stopped");
    act(() => audio().play());
    expect(audioElement().src).toBe(streams.sd);
  });
});

describe("reconnect", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  function renderAndPlay() {
    renderPlayer();
    startPlaying();
    expect(media.play).toHaveBeenCalledTimes(1);
  }

  /** The element reports a decode error (MediaError code 3) with its media time at `time` s. */
  function decodeError(time: number, paused = false) {
    const element = audioElement();
    Object.defineProperty(element, "error", {
      configurable: true,
      value: { code: 3, message: "Failed to decode media" },
    });
    Object.defineProperty(element, "currentTime", { configurable: true, writable: true, value: time });
    Object.defineProperty(element, "paused", { configurable: true, value: paused });
    fireAudio("error");
  }

  /** The player with its stream source loaded (it tells Firefox's decode error from a failure), playing. */
  async function renderWithSourceAndPlay() {
    renderPlayer();
    await act(async () => {
      await import("#web/features/player/stream-source.ts");
    });
    startPlaying();
  }

  it("a decode error while the media time advances is logged once and plays on: no reconnect (Firefox at a stream's start)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await renderWithSourceAndPlay();
    decodeError(0.2);
    decodeError(0.3);
    expect(audio().status).toBe("playing");
    act(() => {
      audioElement().currentTime = 1.8;
      vi.advanceTimersByTime(60_000);
    });
    expect(audio().status).toBe("playing");
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("a decode error after which the media time stands still is a drop: it reconnects", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await renderWithSourceAndPlay();
    decodeError(4);
    act(() => vi.advanceTimersByTime(1499));
    expect(audio().status).toBe("playing");
    act(() => vi.advanceTimersByTime(1));
    expect(audio().status).toBe("reconnecting");
    act(() => vi.advanceTimersByTime(1000));
    expect(media.play).toHaveBeenCalledTimes(2);
  });

  it("retries after 1 s, 2 s, 4 s when the stream drops, with a cache-busting source", () => {
    renderAndPlay();
    fireAudio("error");
    expect(audio().status).toBe("reconnecting");
    expect(audio().isPlaying).toBe(true);

    act(() => vi.advanceTimersByTime(999));
    expect(media.play).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(media.play).toHaveBeenCalledTimes(2);
    expect(audioElement().src).toMatch(/^https:\/\/stream\.test\/hd\?reconnect=\d+$/);

    fireAudio("error");
    act(() => vi.advanceTimersByTime(1999));
    expect(media.play).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(1));
    expect(media.play).toHaveBeenCalledTimes(3);

    fireAudio("error");
    act(() => vi.advanceTimersByTime(3999));
    expect(media.play).toHaveBeenCalledTimes(3);
    act(() => vi.advanceTimersByTime(1));
    expect(media.play).toHaveBeenCalledTimes(4);
    expect(audio().status).toBe("reconnecting");
  });

  it("does not reconnect after the listener pressed pause", () => {
    renderAndPlay();
    fireAudio("error");
    expect(audio().status).toBe("reconnecting");
    act(() => audio().pause());
    act(() => vi.advanceTimersByTime(60_000));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(audio().status).toBe("stopped");
  });

  it("a successful reconnect resets the backoff to 1 s", () => {
    renderAndPlay();
    fireAudio("error");
    act(() => vi.advanceTimersByTime(1000));
    fireAudio("error");
    act(() => vi.advanceTimersByTime(2000));
    expect(media.play).toHaveBeenCalledTimes(3);
    fireAudio("playing");
    expect(audio().status).toBe("playing");
    fireAudio("error");
    act(() => vi.advanceTimersByTime(1000));
    expect(media.play).toHaveBeenCalledTimes(4);
  });

  it("reconnects when a stall does not recover within 8 s", () => {
    renderAndPlay();
    fireAudio("waiting");
    act(() => vi.advanceTimersByTime(7999));
    expect(audio().status).toBe("playing");
    act(() => vi.advanceTimersByTime(1));
    expect(audio().status).toBe("reconnecting");
    act(() => vi.advanceTimersByTime(1000));
    expect(media.play).toHaveBeenCalledTimes(2);
  });

  it("does not reconnect when a stall recovers", () => {
    renderAndPlay();
    fireAudio("stalled");
    act(() => vi.advanceTimersByTime(3000));
    fireAudio("playing");
    act(() => vi.advanceTimersByTime(30_000));
    expect(audio().status).toBe("playing");
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it("gives up after 2 minutes of failed retries: stopped, 'unavailable', the stream unloaded", () => {
    renderAndPlay();
    fireAudio("error");
    // Every retry fails at once: after 1, 2, 4, 8, 16, 30 and 30 s the drop has lasted 91 s.
    for (const delay of [1, 2, 4, 8, 16, 30, 30]) {
      act(() => vi.advanceTimersByTime(delay * 1000));
      fireAudio("error");
    }
    expect(audio().status).toBe("reconnecting");
    expect(media.play).toHaveBeenCalledTimes(8);
    // The retry at 121 s fails too: past 2 minutes, no further retry.
    act(() => vi.advanceTimersByTime(30_000));
    expect(media.play).toHaveBeenCalledTimes(9);
    fireAudio("error");
    expect(audio().status).toBe("unavailable");
    expect(audio().isPlaying).toBe(false);
    expect(audioElement().hasAttribute("src")).toBe(false);
    // The pause event of unloading does not turn "unavailable" into a plain stop.
    fireAudio("pause");
    expect(audio().status).toBe("unavailable");
    act(() => vi.advanceTimersByTime(300_000));
    expect(media.play).toHaveBeenCalledTimes(9);

    // Retry (or play) starts over, with a fresh 2 minutes.
    act(() => audio().play());
    expect(audio().status).toBe("connecting");
    expect(audioElement().src).toBe(streams.hd);
    fireAudio("error");
    expect(audio().status).toBe("reconnecting");
  });

  it("keeps trying while the stream plays in between: the 2 minutes count from the last drop", () => {
    renderAndPlay();
    for (let drop = 0; drop < 5; drop++) {
      fireAudio("error");
      act(() => vi.advanceTimersByTime(1000));
      fireAudio("playing");
      act(() => vi.advanceTimersByTime(60_000));
    }
    fireAudio("error");
    expect(audio().status).toBe("reconnecting");
  });

  it("reconnects when the stream ends unexpectedly", () => {
    renderAndPlay();
    Object.defineProperty(audioElement(), "ended", { configurable: true, get: () => true });
    // Browsers fire pause, then ended, when a stream reaches its end.
    fireAudio("pause");
    fireAudio("ended");
    expect(audio().status).toBe("reconnecting");
    act(() => vi.advanceTimersByTime(1000));
    expect(media.play).toHaveBeenCalledTimes(2);
  });
});

describe("keyboard", () => {
  it("on resume after a pause, the delay is not counted from the stopped stream's start: no title from before flashes", async () => {
    vi.useFakeTimers({ toFake: ["performance", "Date"] });
    renderPlayer();
    await playerIntegrationsMounted();
    startPlaying();
    fireAudio("loadstart");
    expect(listeningDelayMs()).not.toBeNull();
    act(() => audio().pause());
    // What the browser fires when the source is unloaded.
    fireAudio("emptied");
    vi.advanceTimersByTime(60_000);
    act(() => audio().play());
    // Before the new source's loadstart the delay is unknown (shown at once), not a minute.
    expect(listeningDelayMs()).toBeNull();
    fireAudio("loadstart");
    expect(listeningDelayMs()).toBeLessThan(10_000);
    vi.useRealTimers();
  });

  it("space toggles play when focus is not in a field, and m mutes", async () => {
    renderPlayer();
    await playerIntegrationsMounted();
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: " ", code: "Space", bubbles: true }));
    });
    expect(media.play).toHaveBeenCalledTimes(1);
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "m", bubbles: true }));
    });
    expect(audio().volume).toBe(0);
  });

  it("space and m do nothing while typing in a field", async () => {
    renderPlayer();
    await playerIntegrationsMounted();
    const input = document.createElement("input");
    document.body.append(input);
    act(() => {
      input.dispatchEvent(new KeyboardEvent("keydown", { key: " ", code: "Space", bubbles: true }));
      input.dispatchEvent(new KeyboardEvent("keydown", { key: "m", bubbles: true }));
    });
    expect(media.play).not.toHaveBeenCalled();
    expect(audio().volume).toBe(0.7);
    input.remove();
  });

  it("space on a button is left to the button, while m still mutes on a range slider", async () => {
    renderPlayer();
    await playerIntegrationsMounted();
    const button = document.createElement("button");
    const range = Object.assign(document.createElement("input"), { type: "range" });
    document.body.append(button, range);
    act(() => {
      button.dispatchEvent(new KeyboardEvent("keydown", { key: " ", code: "Space", bubbles: true }));
    });
    expect(media.play).not.toHaveBeenCalled();
    act(() => {
      range.dispatchEvent(new KeyboardEvent("keydown", { key: "m", bubbles: true }));
    });
    expect(audio().volume).toBe(0);
    button.remove();
    range.remove();
  });
});

describe("media session", () => {
  it("shows the current track on the lock screen and answers play, pause and stop", async () => {
    const handlers = new Map<string, (() => void) | null>();
    const session = {
      metadata: null as unknown,
      playbackState: "none",
      setActionHandler: (action: string, handler: (() => void) | null) => handlers.set(action, handler),
    };
    Object.defineProperty(navigator, "mediaSession", { configurable: true, value: session });
    vi.stubGlobal(
      "MediaMetadata",
      class {
        constructor(readonly init: MediaMetadataInit) {}
      },
    );
    try {
      renderPlayer();
      await playerIntegrationsMounted();
      expect((session.metadata as { init: MediaMetadataInit }).init).toMatchObject({
        title: "Blue Lagoon",
        artist: "Chill Collective",
        album: "Shores",
      });
      act(() => handlers.get("play")?.());
      expect(media.play).toHaveBeenCalledTimes(1);
      fireAudio("playing");
      expect(session.playbackState).toBe("playing");
      act(() => handlers.get("stop")?.());
      expect(audio().status).toBe("stopped");
      expect(session.playbackState).toBe("paused");
    } finally {
      Reflect.deleteProperty(navigator, "mediaSession");
    }
  });
});
