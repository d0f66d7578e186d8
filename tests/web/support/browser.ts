// What jsdom lacks or cannot do on its own, stubbed for the tests that need it. Stubs and
// spies are put back after each test by the setup file.
import { vi } from "vitest";

/** jsdom implements no media playback: play, pause and load do nothing. */
export function stubBrowserMedia() {
  const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
  const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  const load = vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
  return { play, pause, load };
}

/** What Radix primitives use and jsdom lacks: ResizeObserver, pointer capture. */
export function stubRadixGaps() {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
}

/** Shows or hides the tab, as switching to another tab would. */
export function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** Media Source Extensions as far as the player asks (jsdom has none): the radio plays through MSE. */
export function stubMediaSource() {
  vi.stubGlobal("MediaSource", Object.assign(class extends EventTarget {}, { isTypeSupported: () => true }));
  vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:http://localhost/stream");
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
}
