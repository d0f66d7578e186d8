// The player's delay estimate (ADR 020) reaches the live updates also when the listener pressed
// play before the estimate's lazy part loaded: the source's loadstart has passed by then.
import { waitFor } from "@testing-library/react";
import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { AudioContext, type AudioControls } from "#web/features/player/audio-context.ts";
import { playbackStatusAtom } from "#web/features/player/state.ts";
import { useStreamDelay } from "#web/features/player/stream-delay.ts";
import { listeningDelayMs } from "#web/lib/listening-delay.ts";
import { clientConfigQueryKey } from "#web/lib/queries/config.ts";
import { aClientConfig } from "../support/factories";
import { createTestQueryClient, renderWithProviders } from "../support/render";

function Estimate() {
  useStreamDelay();
  return null;
}

describe("the listening delay", () => {
  it("is known for a stream that started before the estimate loaded (a press at first paint)", async () => {
    const audio = document.createElement("audio");
    audio.setAttribute("src", "blob:http://localhost/relayed");
    Object.defineProperty(audio, "currentTime", { value: 4 });
    const controls = { audioElement: () => audio, engineDelayMs: () => 11_800 } as unknown as AudioControls;
    const store = createStore();
    store.set(playbackStatusAtom, "playing");
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(clientConfigQueryKey, aClientConfig());
    const { unmount } = renderWithProviders(
      <AudioContext.Provider value={controls}>
        <Estimate />
      </AudioContext.Provider>,
      { store, queryClient },
    );
    await waitFor(() => expect(listeningDelayMs()).toBe(11_800));
    unmount();
    expect(listeningDelayMs()).toBeNull();
  });
});
