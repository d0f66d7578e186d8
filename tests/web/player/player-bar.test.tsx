import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loginDialogOpenAtom } from "#web/features/auth/index.ts";
import { PlayerBar } from "#web/features/player/index.ts";
import { stubBrowserMedia } from "../support/browser";
import { aTrack, listener } from "../support/factories";
import { mockApi } from "../support/fetch";
import { fireAudio, renderPlayer } from "../support/player";

vi.mock("#web/ui/toast.tsx", async () => (await import("../support/stand-ins")).toastModule);

/** The bar asks the API for the current track; `routes` answer instead of the shell's defaults. */
function renderBar(routes: Record<string, unknown> = {}) {
  mockApi(routes);
  return renderPlayer(<PlayerBar />, { nowPlaying: null });
}

/** The bar with its settings (volume, quality, rewind): a lazy part, loaded on a busy machine in its own time. */
async function renderBarWithSettings() {
  const rendered = renderBar();
  await screen.findByRole("combobox", { name: "Stream quality" }, { timeout: 10_000 });
  return rendered;
}

let media: ReturnType<typeof stubBrowserMedia>;

beforeEach(() => {
  media = stubBrowserMedia();
});

describe("player bar", () => {
  it("shows the current track with its heart and share button", async () => {
    renderBar();
    await screen.findByText("Blue Lagoon");
    expect(screen.getByText("Chill Collective")).toBeTruthy();
    // The heart and share button are a lazy part of the bar (web/ui/deferred.tsx).
    expect(await screen.findByRole("button", { name: "Add to favorites" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Share track" })).toBeTruthy();
  });

  it("shows the fallback track when now playing is not JSON", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderBar({ "GET /api/radio/now-playing": new Response("<html></html>") });
    await screen.findByText("Lounge Radio");
    expect(screen.getByText("Lounge & Chillout Music")).toBeTruthy();
  });

  it("hides the share button when the track has no artist", async () => {
    renderBar({ "GET /api/radio/now-playing": aTrack({ artist: "" }) });
    await screen.findByText("Blue Lagoon");
    await screen.findByRole("button", { name: "Add to favorites" });
    expect(screen.queryByRole("button", { name: "Share track" })).toBeNull();
  });

  it("play and pause follow the audio element, and a drop shows 'Reconnecting…'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderBar();
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status").textContent).toBe("Connecting…");
    fireAudio("play", "playing");
    expect(screen.getByRole("status").textContent).toBe("");
    fireAudio("error");
    expect(screen.getByRole("status").textContent).toBe("Reconnecting…");
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says 'Stream unavailable' with a Retry once reconnecting gives up, and Retry plays again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      renderBar();
      fireEvent.click(screen.getByRole("button", { name: "Play" }));
      fireAudio("play", "playing", "error");
      // Each retry fails at once until the drop has lasted 2 minutes.
      for (const delay of [1, 2, 4, 8, 16, 30, 30, 30]) {
        act(() => vi.advanceTimersByTime(delay * 1000));
        fireAudio("error");
      }
      expect(screen.getByRole("status").textContent).toBe("Stream unavailable");
      // Stopped: the play button, never an endless Pause.
      expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
      const plays = media.play.mock.calls.length;
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
      expect(media.play).toHaveBeenCalledTimes(plays + 1);
      expect(screen.getByRole("status").textContent).toBe("Connecting…");
      expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("has a volume slider from 0 to 100 in steps of 1 that stores the volume", async () => {
    await renderBarWithSettings();
    const slider = screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement;
    expect([slider.type, slider.min, slider.max, slider.step, slider.value]).toEqual([
      "range",
      "0",
      "100",
      "1",
      "70",
    ]);
    fireEvent.change(slider, { target: { value: "71" } });
    expect(slider.value).toBe("71");
    expect(localStorage.getItem("radio-volume")).toBe("0.71");
  });

  it("the mute button sets 0, then 0.7", async () => {
    await renderBarWithSettings();
    const slider = screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement;
    fireEvent.click(screen.getByRole("button", { name: "Mute" }));
    expect(slider.value).toBe("0");
    fireEvent.click(screen.getByRole("button", { name: "Unmute" }));
    expect(slider.value).toBe("70");
  });

  it("opens the volume popup from its button (narrow screens)", async () => {
    await renderBarWithSettings();
    // Its accessible name carries the value it shows (WCAG 2.5.3, label in name).
    const toggle = screen.getByRole("button", { name: "Adjust volume, 70" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("offers hd, sd and mobile and stores the choice", async () => {
    await renderBarWithSettings();
    const select = screen.getByRole("combobox", { name: "Stream quality" }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(["hd", "sd", "mobile"]);
    fireEvent.change(select, { target: { value: "sd" } });
    expect(localStorage.getItem("stream-quality")).toBe("sd");
    expect(select.value).toBe("sd");
  });

  it("opens the login dialog when logged out, and offers Log out when logged in", async () => {
    const { store } = renderBar();
    fireEvent.click(await screen.findByRole("button", { name: "Log in" }));
    expect(store.get(loginDialogOpenAtom)).toBe(true);
    cleanup();
    renderBar({ "GET /api/auth/me": listener });
    await waitFor(() => expect(screen.getByRole("button", { name: "Log out" })).toBeTruthy());
  });
});
