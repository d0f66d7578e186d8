// The player under test: the one AudioProvider with the stream config loaded, its API as its
// children see it, and the `<audio>` element's events as the browser would fire them.
import { act } from "@testing-library/react";
import type { ReactNode } from "react";
import type { ClientConfig, NowPlaying } from "#schema/api.ts";
import { type AudioApi, AudioProvider, useAudio } from "#web/features/player/index.ts";
import { clientConfigQueryKey } from "#web/lib/queries/config.ts";
import { nowPlayingQueryKey } from "#web/lib/queries/radio.ts";
import { aClientConfig, aTrack } from "./factories";
import { createTestQueryClient, renderWithProviders } from "./render";

let latest: AudioApi | undefined;
function CaptureAudio() {
  latest = useAudio();
  return null;
}

/** The player's API as of its latest render. */
export function audio(): AudioApi {
  if (!latest) throw new Error("no player rendered: call renderPlayer first");
  return latest;
}

/**
 * Renders `ui` inside the player. `nowPlaying` and `config` are in the cache as if already
 * fetched; with null the player asks the API for them.
 */
export function renderPlayer(
  ui: ReactNode = null,
  {
    nowPlaying = aTrack(),
    config = aClientConfig(),
  }: { nowPlaying?: NowPlaying | null; config?: ClientConfig | null } = {},
) {
  latest = undefined;
  const queryClient = createTestQueryClient();
  if (config) queryClient.setQueryData(clientConfigQueryKey, config);
  if (nowPlaying) queryClient.setQueryData(nowPlayingQueryKey, nowPlaying);
  return renderWithProviders(
    <AudioProvider>
      <CaptureAudio />
      {ui}
    </AudioProvider>,
    { queryClient },
  );
}

/**
 * Waits until the player's lazy part (keyboard shortcuts, Media Session: integrations.tsx) is
 * mounted: the idle moment it waits for come, its module loaded, and every promise and render
 * that follows settled.
 */
export async function playerIntegrationsMounted(): Promise<void> {
  // It mounts once the browser is idle (afterIdle: a timer where, as in jsdom, there is no
  // requestIdleCallback), then its module loads and it renders in a transition.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await import("#web/features/player/integrations.tsx");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/**
 * Waits until the player's stream source (MSE where the browser has it) is loaded: it comes after
 * the page (playback.ts), and a play pressed before it is the element's. On a busy machine one
 * turn of the event loop is not enough for it.
 */
export async function streamSourceLoaded(): Promise<void> {
  await act(async () => {
    await import("#web/features/player/stream-source.ts");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export function audioElement(): HTMLAudioElement {
  const element = document.querySelector("audio");
  if (!element) throw new Error("no <audio> element rendered");
  return element;
}

/** Fires the audio element's events in order, as the browser reports playback. */
export function fireAudio(...types: string[]) {
  for (const type of types) {
    act(() => {
      audioElement().dispatchEvent(new Event(type));
    });
  }
}

/** Presses play and lets the browser report that the stream plays. */
export function startPlaying() {
  act(() => audio().play());
  fireAudio("play", "playing");
}
