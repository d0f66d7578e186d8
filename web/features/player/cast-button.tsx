// Play the radio on a speaker or TV: the Remote Playback API (Chrome's Cast, Safari's AirPlay)
// where the browser has it, else Safari's older AirPlay picker. Shown only while the browser
// reports a device to play on: hidden where neither exists, and where nothing is in reach.
// A device plays only a plain URL, never the MediaSource the player plays through (ADR 030): the
// press hands the element the stream's URL (playOnElement) before it opens the picker, and the
// next play goes through MSE again once nothing plays remotely.
import { useEffect, useState } from "react";
import { CastIcon } from "#web/ui/track-icons.tsx";
import probeClip from "./assets/cast-probe.mp3?no-inline";
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

/**
 * How long a press waits for the element to read the stream's metadata before it opens the
 * picker: Chrome keeps a click's user activation for 5 s.
 */
export const CAST_PROMPT_WAIT_MS = 4000;

function useRemoteTarget(audio: HTMLAudioElement | null) {
  const { isPlaying, playOnElement } = useAudio();
  const [onElement, setOnElement] = useState(false);
  const [onProbe, setOnProbe] = useState(false);
  const [state, setState] = useState<RemoteState>("disconnected");
  // The probe counts only while the radio plays, so it starts with the first play, not with the
  // page: a media element and its request less while the page starts (ADR 054). It stays then.
  const [probing, setProbing] = useState(false);
  if (isPlaying && !probing) setProbing(true);
  const canWatch = !!audio && (hasRemotePlayback(audio) || hasAirPlayPicker(audio));

  // Two watches, because the element cannot always witness. Chrome counts a source only once its
  // pipeline has read a plain URL's metadata (a MediaSource never, an unloaded source not yet),
  // so while the element plays through MSE it reports no device. A probe that is never played
  // stands in: the site's own half-kilobyte MP3 (silence), whose metadata Chrome reads once and
  // caches, so a device that takes MP3 from a URL shows the button; Safari reports its AirPlay
  // routes to it as to any plain URL. The stream itself is never fetched twice.
  useEffect(() => {
    if (audio && canWatch) return watchAvailability(audio, setOnElement);
  }, [audio, canWatch]);
  useEffect(() => {
    if (!canWatch || !probing) return;
    const probe = new Audio();
    probe.preload = "metadata";
    probe.muted = true;
    probe.src = probeClip;
    const stop = watchAvailability(probe, setOnProbe);
    return () => {
      stop();
      probe.removeAttribute("src");
      probe.load();
    };
  }, [canWatch, probing]);

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

/** The element has no verdict on its new plain URL yet (Chrome, until its metadata is read). */
const notYetKnown = (error: unknown) =>
  error instanceof DOMException && (error.name === "NotSupportedError" || error.name === "NotFoundError");

/** Resolves once the element reports a device for its current source, or after `ms`. */
function availableOnElement(media: HTMLMediaElement, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {};
    const timer = setTimeout(() => {
      stop();
      resolve();
    }, ms);
    stop = watchAvailability(media, (available) => {
      if (!available) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/**
 * Opens the browser's picker for the element. Safari answers at once for a plain URL; Chrome
 * refuses until the element has read the URL it was just handed, so a refusal of that kind waits
 * for the element's own verdict (within the click's activation) and asks once more.
 */
async function promptForDevice(media: HTMLMediaElement, giveBack: () => void): Promise<void> {
  const remote = media.remote;
  try {
    try {
      await remote.prompt();
    } catch (error) {
      if (!notYetKnown(error)) throw error;
      await availableOnElement(media, CAST_PROMPT_WAIT_MS);
      await remote.prompt();
    }
  } catch (error) {
    // Rejected when the listener closes the picker or no device answers.
    console.warn("Remote playback:", error);
  } finally {
    // Nothing plays remotely: the next play goes through MSE; this one stays on the URL.
    if (remote.state === "disconnected") giveBack();
  }
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
        if (hasRemotePlayback(audio)) void promptForDevice(audio, () => playOnElement(false));
        else (audio as WebKitMedia).webkitShowPlaybackTargetPicker?.();
      }}
    >
      <CastIcon />
    </button>
  );
}
