// The player's ties to the rest of the device: Media Session (lock screen, headphone buttons),
// the keyboard shortcuts, the automatic step down in quality on a slow network, the
// listener's own listening time, and how late they hear the host (titles follow it). No markup,
// so a lazy chunk that AudioProvider mounts once the browser is idle after the first hydration
// (afterIdle in web/ui/deferred.tsx, ADR 051).
import { useAtomValue } from "jotai";
import { useNowPlaying } from "#web/lib/queries/radio.ts";
import { useAudio } from "./audio-context";
import { useAutoQuality } from "./auto-quality";
import { usePlayerShortcuts } from "./keyboard";
import { useListeningRecorder } from "./listening-recorder";
import { useMediaSession } from "./media-session";
import { heardTrackAtom } from "./state";
import { useStreamDelay } from "./stream-delay";

export function PlayerIntegrations() {
  const { data: live } = useNowPlaying();
  // Rewound, the lock screen names the track heard then.
  const heard = useAtomValue(heardTrackAtom);
  const { status, play, pause, toggle, toggleMute } = useAudio();
  useMediaSession(heard ?? live, status, play, pause);
  usePlayerShortcuts(toggle, toggleMute);
  useAutoQuality();
  useListeningRecorder();
  useStreamDelay();
  return null;
}
