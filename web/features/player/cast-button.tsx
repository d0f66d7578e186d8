// Play the radio on a speaker or TV: the Remote Playback API (Chrome's Cast, Safari's AirPlay)
// where the browser has it, else Safari's older AirPlay picker. Shown only while the browser
// reports a device to play on: hidden where neither exists, and where nothing is in reach.
import { useEffect, useState } from "react";
import { useAudio } from "./audio-context";
import { CastIcon } from "./track-icons";

type RemoteState = "disconnected" | "connecting" | "connected";

/** Safari's AirPlay before the Remote Playback API. */
type WebKitAudio = HTMLAudioElement & { webkitShowPlaybackTargetPicker?: () => void };

function useRemoteTarget(audio: HTMLAudioElement | null) {
  const [available, setAvailable] = useState(false);
  const [state, setState] = useState<RemoteState>("disconnected");
  useEffect(() => {
    if (!audio) return;
    const remote = audio.remote;
    if (remote && typeof remote.watchAvailability === "function") {
      let watchId: number | undefined;
      let stopped = false;
      remote
        .watchAvailability((isAvailable) => setAvailable(isAvailable))
        .then((id) => {
          if (stopped) void remote.cancelWatchAvailability(id).catch(() => {});
          else watchId = id;
        })
        // NotSupportedError: this device cannot watch (saving battery); the button stays hidden.
        .catch(() => setAvailable(false));
      const onState = () => setState(remote.state);
      for (const type of ["connecting", "connect", "disconnect"]) remote.addEventListener(type, onState);
      return () => {
        stopped = true;
        if (watchId !== undefined) void remote.cancelWatchAvailability(watchId).catch(() => {});
        for (const type of ["connecting", "connect", "disconnect"]) remote.removeEventListener(type, onState);
      };
    }
    if (typeof (audio as WebKitAudio).webkitShowPlaybackTargetPicker === "function") {
      const onAvailability = (event: Event) =>
        setAvailable((event as Event & { availability?: string }).availability === "available");
      audio.addEventListener("webkitplaybacktargetavailabilitychanged", onAvailability);
      return () => audio.removeEventListener("webkitplaybacktargetavailabilitychanged", onAvailability);
    }
  }, [audio]);
  return { available: available || state !== "disconnected", state };
}

export function CastButton() {
  const { audioElement } = useAudio();
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  // The element exists once the provider has rendered: read after mount, never during render.
  useEffect(() => setAudio(audioElement()), [audioElement]);
  const { available, state } = useRemoteTarget(audio);
  if (!audio || !available) return null;
  const label =
    state === "connected"
      ? "Playing on another device"
      : state === "connecting"
        ? "Connecting to another device"
        : "Play on another device";
  return (
    <button
      type="button"
      className="player-icon-button cast-button"
      aria-label={label}
      aria-pressed={state !== "disconnected"}
      data-tooltip=""
      onClick={() => {
        if (audio.remote && typeof audio.remote.prompt === "function") {
          // Rejected when the listener closes the picker or no device answers: nothing to undo.
          audio.remote.prompt().catch((error: unknown) => console.warn("Remote playback:", error));
        } else {
          (audio as WebKitAudio).webkitShowPlaybackTargetPicker?.();
        }
      }}
    >
      <CastIcon />
    </button>
  );
}
