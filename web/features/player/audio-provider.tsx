// The one <audio> element of the app and the context that controls it. Each concern is its own
// hook: playback (play/pause/status, with reconnect), volume with the sleep timer's fade and
// quality; media session and keyboard shortcuts are a lazy part (integrations.tsx).
//
// The context holds only the controls, and they never change: the player's state lives in jotai
// atoms. A context value that changed (a stored volume applied after hydration, say) would reach
// every part of the page still waiting for its lazy chunk to hydrate (web/ui/deferred.tsx), and
// React would throw that part's server HTML away and render it again.
import { type ReactNode, useCallback, useMemo, useRef } from "react";
import type { StreamQuality } from "#web/lib/constants.ts";
import { useClientConfig } from "#web/lib/queries/config.ts";
import { afterIdle } from "#web/ui/deferred.tsx";
import { AudioContext, type AudioControls } from "./audio-context";
import { usePlayback } from "./playback";
import { useQuality } from "./quality";
import { useVolume } from "./volume";

export { type AudioApi, useAudio } from "./audio-context";

// No markup: mounted once the browser is idle after the first hydration, so its effects (Media
// Session, shortcuts, storage reads, the stream-delay reader) run in tasks of their own (ADR 051).
const PlayerIntegrations = afterIdle(() => import("./integrations").then((m) => m.PlayerIntegrations));

export function AudioProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const config = useClientConfig();
  // Call order is effect order: stored settings are applied before playback reacts to the config.
  const { setVolume, toggleMute, setFadeLevel, outputVolume } = useVolume(audioRef);
  const { qualityRef, chooseQuality } = useQuality();
  const { play, pause, toggle, switchSource, audioEvents, engineDelayMs, playOnElement } = usePlayback({
    audioRef,
    config,
    qualityRef,
    outputVolume,
  });

  const setQuality = useCallback(
    (next: StreamQuality, automatic = false) => {
      if (chooseQuality(next, !automatic)) switchSource();
    },
    [chooseQuality, switchSource],
  );

  // Stable wrappers around the latest callbacks (see the header comment).
  const callbacks = { toggle, play, pause, setVolume, toggleMute, setQuality, setFadeLevel, playOnElement };
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const controls = useMemo<AudioControls>(
    () => ({
      toggle: () => latest.current.toggle(),
      play: () => latest.current.play(),
      pause: () => latest.current.pause(),
      setVolume: (next) => latest.current.setVolume(next),
      toggleMute: () => latest.current.toggleMute(),
      setQuality: (next, automatic) => latest.current.setQuality(next, automatic),
      setFadeLevel: (level) => latest.current.setFadeLevel(level),
      audioElement: () => audioRef.current,
      // Reads a ref of the source: the same function for the provider's whole life.
      engineDelayMs,
      playOnElement: (on) => latest.current.playOnElement(on),
    }),
    [engineDelayMs],
  );

  return (
    <AudioContext value={controls}>
      {children}
      <PlayerIntegrations />
      {/* No <track>: a live music stream has no captions. */}
      <audio ref={audioRef} preload="none" {...audioEvents} />
    </AudioContext>
  );
}
