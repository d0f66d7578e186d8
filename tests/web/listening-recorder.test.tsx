// The listener's stretches of listening as the player writes them: each brings the pass its
// live connection gave as it started (ADR 036), and one without a connection brings none.
import { act } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listening } from "#schema/listener-rules.ts";
import { useListeningRecorder } from "#web/features/player/listening-recorder.ts";
import { setLivePassSource } from "#web/lib/live-pass.ts";
import { playbackStatusAtom } from "#web/lib/playback-status.ts";
import { mockApi } from "./support/fetch";
import { renderWithProviders } from "./support/render";

function Recorder() {
  useListeningRecorder();
  return null;
}

const pass = "q9ZkT3vB0xLm7cWn2YpR4a";

/** Plays for a minute and a half, then pauses: one minute's write and the ending one. */
async function playAndPause() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  const api = mockApi({ "POST /api/listening": { recorded: true } });
  const { store } = renderWithProviders(<Recorder />);
  // The owner (the anonymous id) is known once the current-user call answered.
  await vi.waitFor(() => expect(api.callsTo("GET", "/api/auth/me")).toHaveLength(1));
  await act(async () => store.set(playbackStatusAtom, "playing"));
  await act(async () => vi.advanceTimersByTimeAsync(listening.writeEveryMs + 30_000));
  await act(async () => store.set(playbackStatusAtom, "stopped"));
  return api.callsTo("POST", "/api/listening").map((call) => call.body as Record<string, unknown>);
}

afterEach(() => setLivePassSource(null));

describe("the player's listening writes", () => {
  it("bring the live connection's pass, every write of the stretch", async () => {
    const asked = vi.fn(() => Promise.resolve(pass));
    setLivePassSource(asked);
    const writes = await playAndPause();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(writes.map((w) => [w.ended, w.livePass])).toEqual([
      [false, pass],
      [true, pass],
    ]);
  });

  it("ask again while the stretch has none: a pass that comes later goes with the later writes", async () => {
    const asked = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce(null).mockResolvedValue(pass);
    setLivePassSource(asked);
    const writes = await playAndPause();
    expect(asked).toHaveBeenCalledTimes(2);
    expect(writes.map((w) => [w.ended, w.livePass])).toEqual([
      [false, undefined],
      [true, pass],
    ]);
  });

  it("bring none when no live connection is open (the stretch is then not in the insights)", async () => {
    const writes = await playAndPause();
    expect(writes).toHaveLength(2);
    expect(writes.every((w) => !("livePass" in w))).toBe(true);
  });
});
