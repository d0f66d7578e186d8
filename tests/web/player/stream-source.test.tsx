// Which path the one <audio> element plays the stream by (ADR 030): through MSE where the
// browser has it, else the stream's URL; and a press as the page starts waits for the stream
// source's module instead of taking the element's slow start.
import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubBrowserMedia, stubMediaSource } from "../support/browser";
import { streams } from "../support/factories";
import { audio, audioElement, fireAudio, renderPlayer } from "../support/player";

/** The events the player gave the latest MSE engine it made. */
const engine = vi.hoisted(() => ({ events: null as null | { onStarving(starving: boolean): void } }));
vi.mock("#web/features/player/engine/mse-stream.ts", () => ({
  createMseStream: (_audio: unknown, _source: unknown, _url: string, events: typeof engine.events) => {
    engine.events = events;
    return { stop() {}, switchTo() {}, delayMs: () => null, down: false };
  },
}));

let media: ReturnType<typeof stubBrowserMedia>;
beforeEach(() => {
  engine.events = null;
  media = stubBrowserMedia();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the stream source", () => {
  it("plays through MSE where the browser has it, naming the stream on data-stream", async () => {
    stubMediaSource();
    renderPlayer();
    act(() => audio().play());
    await vi.waitFor(() => expect(audioElement().dataset.engine).toBe("mse"));
    expect(audioElement().src).toBe("blob:http://localhost/stream");
    expect(audioElement().dataset.stream).toBe(streams.hd);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it("plays the stream's URL where there is no MSE, and where the listener's storage asks for the element", async () => {
    renderPlayer();
    await act(async () => {});
    act(() => audio().play());
    expect(audioElement().dataset.engine).toBe("element");
    expect(audioElement().src).toBe(streams.hd);
    act(() => audio().pause());

    stubMediaSource();
    localStorage.setItem("player-engine", "element");
    act(() => audio().play());
    expect(audioElement().dataset.engine).toBe("element");
    expect(audioElement().src).toBe(streams.hd);
  });

  it("a press before the stream source's module has arrived waits for it, then plays through MSE", async () => {
    stubMediaSource();
    renderPlayer();
    // Pressed in the same task as the first render: the module's import has not settled.
    act(() => audio().play());
    expect(audio().status).toBe("connecting");
    expect(audioElement().hasAttribute("src")).toBe(false);
    await vi.waitFor(() => expect(audioElement().dataset.engine).toBe("mse"));
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it("says Reconnecting… once the connection is down and the buffer has run dry, and playing again when it plays, with or without the element's events", async () => {
    stubMediaSource();
    renderPlayer();
    act(() => audio().play());
    await vi.waitFor(() => expect(engine.events).not.toBeNull());
    fireAudio("play", "playing");
    expect(audio().status).toBe("playing");
    act(() => engine.events?.onStarving(true));
    expect(audio().status).toBe("reconnecting");
    expect(audio().isPlaying).toBe(true);
    // Firefox fires no `playing` after a starved MSE buffer fills again.
    Object.defineProperty(audioElement(), "paused", { configurable: true, value: false });
    act(() => engine.events?.onStarving(false));
    expect(audio().status).toBe("playing");
  });
});
