import { afterEach, describe, expect, it, vi } from "vitest";
import { createReconnector, reconnectDelayMs } from "#web/features/player/reconnector.ts";

afterEach(() => vi.useRealTimers());

describe("reconnect backoff", () => {
  it("waits 1 s, 2 s, 4 s ... capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it("keeps one retry pending at a time and starts over after cancel", () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    const reconnector = createReconnector(retry);
    reconnector.schedule();
    reconnector.schedule();
    expect(reconnector.pending).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(retry).toHaveBeenLastCalledWith(0);
    reconnector.schedule();
    vi.advanceTimersByTime(2000);
    expect(retry).toHaveBeenLastCalledWith(1);
    reconnector.schedule();
    reconnector.cancel();
    vi.advanceTimersByTime(60_000);
    expect(retry).toHaveBeenCalledTimes(2);
    reconnector.schedule();
    vi.advanceTimersByTime(1000);
    expect(retry).toHaveBeenLastCalledWith(0);
  });
});
