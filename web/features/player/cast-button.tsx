// Play the radio on a speaker or TV: the Remote Playback API (Chrome's Cast, Safari's AirPlay)
// where the browser has it, else Safari's older AirPlay picker. Shown only while the browser
// reports a device to play on: hidden where neither exists, and where nothing is in reach.
// A device plays only a plain URL, never the MediaSource the player plays through (ADR 030): the
// press hands the element the stream's URL (playOnElement) before it opens the picker, and the
// next play goes through MSE again once nothing plays remotely.
import { useEffect, useState } from "react";
import { useClientConfig } from "#web/lib/queries/config.ts";
import { CastIcon } from "#web/ui/track-icons.tsx";
import { useAudio } from "./audio-context";

type RemoteState = "disconnected" | "connecting" | "connected";

/** Safari's AirPlay before the Remote Playback API. */
type WebKitMedia = HTMLMediaElement & {
  webkitShowPlaybackTargetPicker?: () => void;
  webkitCurrentPlaybackTargetIsWireless?: boolean;
};

const hasRemotePlayback = (media: HTMLMediaElement) => typeof media.remote?.watchAvailability === "function";
const hasAirPlayPicker = (media: HTMLMediaElement) =>
  typeof (media as WebKitMedia).webkitShowPlaybackTargetPicker === "function";

/** Reports whether `media` could play on a device, until the returned function is called. */
function watchAvailability(media: HTMLMediaElement, report: (available: boolean) => void): () => void {
  const remote = media.remote;
  if (hasRemotePlayback(media)) {
    let watchId: number | undefined;
    let stopped = false;
    remote
      .watchAvailability(report)
      .then((id) => {
        if (stopped) void remote.cancelWatchAvailability(id).catch(() => {});
        else watchId = id;
      })
      // NotSupportedError: this device cannot watch (saving battery); the button stays hidden.
      .catch(() => report(false));
    return () => {
      stopped = true;
      if (watchId !== undefined) void remote.cancelWatchAvailability(watchId).catch(() => {});
    };
  }
  const onAvailability = (event: Event) =>
    report((event as Event & { availability?: string }).availability === "available");
  media.addEventListener("webkitplaybacktargetavailabilitychanged", onAvailability);
  return () => media.removeEventListener("webkitplaybacktargetavailabilitychanged", onAvailability);
}

function useRemoteTarget(audio: HTMLAudioElement | null) {
  const { quality, isPlaying, playOnElement } = useAudio();
  const streamUrl = useClientConfig().data?.streams[quality];
  const [onElement, setOnElement] = useState(false);
  const [onProbe, setOnProbe] = useState(false);
  const [state, setState] = useState<RemoteState>("disconnected");
  const canWatch = !!audio && (hasRemotePlayback(audio) || hasAirPlayPicker(audio));

  // Two watches, because the engines judge availability differently. Chrome counts a source only
  // once its pipeline has read a plain URL's metadata (a MediaSource never, an unloaded source
  // not yet): there the element, while it plays the stream's URL, is the only witness, and nothing
  // can show the button while it plays through MSE short of fetching the stream twice. Safari
  // reports the page's AirPlay routes to any element with a plain URL, loaded or not: a muted,
  // never-played probe with the current stream's URL (preload none: nothing is fetched) shows
  // the button while the element plays through MSE.
  useEffect(() => {
    if (audio && canWatch) return watchAvailability(audio, setOnElement);
  }, [audio, canWatch]);
  useEffect(() => {
    if (!canWatch || !streamUrl) return;
    const probe = new Audio();
    probe.preload = "none";
    probe.muted = true;
    probe.src = streamUrl;
    const stop = watchAvailability(probe, setOnProbe);
    return () => {
      stop();
      probe.removeAttribute("src");
      probe.load();
    };
  }, [canWatch, streamUrl]);

  useEffect(() => {
    if (!audio) return;
    if (hasRemotePlayback(audio)) {
      const remote = audio.remote;
      let last = remote.state;
      const onState = () => {
        setState(remote.state);
        // The device let go: the next play goes through MSE again.
        if (remote.state === "disconnected" && last !== "disconnected") playOnElement(false);
        last = remote.state;
      };
      for (const type of ["connecting", "connect", "disconnect"]) remote.addEventListener(type, onState);
      return () => {
        for (const type of ["connecting", "connect", "disconnect"]) remote.removeEventListener(type, onState);
      };
    }
    if (!hasAirPlayPicker(audio)) return;
    const onTarget = () => {
      if (!(audio as WebKitMedia).webkitCurrentPlaybackTargetIsWireless) playOnElement(false);
    };
    audio.addEventListener("webkitcurrentplaybacktargetiswirelesschanged", onTarget);
    return () => audio.removeEventListener("webkitcurrentplaybacktargetiswirelesschanged", onTarget);
  }, [audio, playOnElement]);

  // The probe counts while the radio plays: before it, the element has no source to hand over.
  return { available: onElement || (onProbe && isPlaying) || state !== "disconnected", state, playOnElement };
}

export function CastButton() {
  const { audioElement } = useAudio();
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  // The element exists once the provider has rendered: read after mount, never during render.
  useEffect(() => setAudio(audioElement()), [audioElement]);
  const { available, state, playOnElement } = useRemoteTarget(audio);
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
        // First and in this click: the picker needs the click's user activation.
        playOnElement(true);
        const remote = audio.remote;
        if (hasRemotePlayback(audio)) {
          remote
            .prompt()
            // Rejected when the listener closes the picker or no device answers.
            .catch((error: unknown) => console.warn("Remote playback:", error))
            // Nothing plays remotely: the next play goes through MSE; this one stays on the URL, so a
            // press refused because the element had just switched (Chrome and Safari on a Mac want the
            // URL's metadata read first) opens the picker the next time.
            .finally(() => {
              if (remote.state === "disconnected") playOnElement(false);
            });
        } else {
          (audio as WebKitMedia).webkitShowPlaybackTargetPicker?.();
        }
      }}
    >
      <CastIcon />
    </button>
  );
}
