import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CastButton } from "#web/features/player/cast-button.tsx";
import { stubBrowserMedia } from "../support/browser";
import { renderPlayer } from "../support/player";

/** The Remote Playback API as Chrome and Safari give it on media elements (jsdom has none). */
function fakeRemote() {
  let report: ((available: boolean) => void) | undefined;
  const target = new EventTarget();
  const remote = Object.assign(target, {
    state: "disconnected" as RemotePlaybackState,
    watchAvailability: vi.fn(async (callback: (available: boolean) => void) => {
      report = callback;
      return 1;
    }),
    cancelWatchAvailability: vi.fn(async () => {}),
    prompt: vi.fn(async () => {}),
    onconnect: null,
    onconnecting: null,
    ondisconnect: null,
  });
  Object.defineProperty(HTMLMediaElement.prototype, "remote", { configurable: true, get: () => remote });
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

const castButton = () => screen.queryByRole("button", { name: /another device/ });

beforeEach(() => {
  stubBrowserMedia();
});

afterEach(() => {
  Reflect.deleteProperty(HTMLMediaElement.prototype, "remote");
  Reflect.deleteProperty(HTMLMediaElement.prototype, "webkitShowPlaybackTargetPicker");
});

describe("cast and AirPlay", () => {
  it("is hidden where the browser has neither the Remote Playback API nor AirPlay", async () => {
    renderPlayer(<CastButton />);
    await act(async () => {});
    expect(castButton()).toBeNull();
  });

  it("shows while a device is in reach, opens the browser's picker, and says when it plays there", async () => {
    const cast = fakeRemote();
    const { unmount } = renderPlayer(<CastButton />);
    await act(async () => {});
    expect(cast.remote.watchAvailability).toHaveBeenCalledTimes(1);
    expect(castButton()).toBeNull();

    cast.available(true);
    const button = screen.getByRole("button", { name: "Play on another device" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(button);
    expect(cast.remote.prompt).toHaveBeenCalledTimes(1);

    cast.enter("connecting", "connecting");
    expect(screen.getByRole("button", { name: "Connecting to another device" })).toBeTruthy();
    cast.enter("connected", "connect");
    expect(
      screen.getByRole("button", { name: "Playing on another device" }).getAttribute("aria-pressed"),
    ).toBe("true");
    cast.enter("disconnected", "disconnect");
    cast.available(false);
    expect(castButton()).toBeNull();

    unmount();
    expect(cast.remote.cancelWatchAvailability).toHaveBeenCalledWith(1);
  });

  it("stays hidden when the device cannot watch for devices (NotSupportedError)", async () => {
    const cast = fakeRemote();
    cast.remote.watchAvailability.mockRejectedValue(new DOMException("no", "NotSupportedError"));
    renderPlayer(<CastButton />);
    await act(async () => {});
    expect(castButton()).toBeNull();
  });

  it("uses Safari's AirPlay picker where only that exists", async () => {
    const picker = vi.fn();
    Object.defineProperty(HTMLMediaElement.prototype, "webkitShowPlaybackTargetPicker", {
      configurable: true,
      value: picker,
    });
    renderPlayer(<CastButton />);
    await act(async () => {});
    expect(castButton()).toBeNull();
    const availability = Object.assign(new Event("webkitplaybacktargetavailabilitychanged"), {
      availability: "available",
    });
    act(() => {
      document.querySelector("audio")?.dispatchEvent(availability);
    });
    fireEvent.click(screen.getByRole("button", { name: "Play on another device" }));
    expect(picker).toHaveBeenCalledTimes(1);
  });
});
