// Automatic quality (docs/product.md §10): a stream that keeps stalling steps down one quality by itself,
// hd -> sd -> mobile, says so in a polite notification with a way back, and keeps playing. The
// listener's stored choice is not touched: the next visit starts at it again, and only the
// listener steps back up. Part of the player's lazy integrations: it listens to the element.
import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import { type StreamQuality, streamQualities } from "#web/lib/constants.ts";
import { toast } from "#web/ui/toast.tsx";
import { useAudio } from "./audio-context";
import { qualityAtom } from "./state";

/** Automatic quality: this many stalls within the window step the stream down one quality. */
const autoQualityStalls = 2;
const autoQualityWindowMs = 30_000;

const labels: Record<StreamQuality, string> = { hd: "HD", sd: "SD", mobile: "Mobile" };

/** The next lower quality, or null at the lowest. */
export function lowerQuality(quality: StreamQuality): StreamQuality | null {
  return streamQualities[streamQualities.indexOf(quality) + 1] ?? null;
}

/** Counts stalls: `autoQualityStalls` of them within `autoQualityWindowMs` is a step down. */
export function createStallCounter(now: () => number = () => Date.now()) {
  let stalls: number[] = [];
  return {
    stalled(): boolean {
      const at = now();
      stalls = [...stalls.filter((t) => at - t < autoQualityWindowMs), at];
      if (stalls.length < autoQualityStalls) return false;
      stalls = [];
      return true;
    },
    reset() {
      stalls = [];
    },
  };
}

export function useAutoQuality() {
  const { audioElement, setQuality } = useAudio();
  const quality = useAtomValue(qualityAtom);
  const qualityRef = useRef(quality);
  qualityRef.current = quality;

  useEffect(() => {
    const audio = audioElement();
    if (!audio) return;
    const counter = createStallCounter();
    /**
     * "buffering": a source loads and has not played yet; "stalled": it played, then ran dry.
     * A stall counts, and so does a source given up before it ever played (the player's
     * reconnect after 8 s of waiting): on a network too slow for hd, hd may never start.
     */
    let phase: "idle" | "buffering" | "playing" | "stalled" = "idle";
    // This lazy part may arrive after play was pressed (a slow network is the very case): start
    // from what the element is doing.
    if (audio.getAttribute("src") && !audio.paused) {
      phase = audio.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA ? "playing" : "buffering";
    }
    const stepDownIfStalling = () => {
      if (!counter.stalled()) return;
      const from = qualityRef.current;
      const to = lowerQuality(from);
      if (!to) return;
      setQuality(to, true);
      toast({
        title: `Switched to ${labels[to]} quality`,
        description: `The stream kept pausing to load, so it plays in ${labels[to]} for now. Your choice of ${labels[from]} stays for your next visit.`,
        action: {
          label: `Back to ${labels[from]}`,
          altText: `Play in ${labels[from]} quality again`,
          onClick: () => setQuality(from),
        },
      });
    };
    /** The source that played: a new one (a quality change, a reconnect) also fires `waiting`. */
    let playingSource = phase === "playing" ? audio.src : "";
    const onPlaying = () => {
      phase = "playing";
      playingSource = audio.src;
    };
    const onLoadStart = () => {
      const gaveUp = phase === "buffering";
      phase = "buffering";
      if (gaveUp) stepDownIfStalling();
    };
    const onPause = () => {
      phase = "idle";
      counter.reset();
    };
    const onWaiting = () => {
      if (phase !== "playing" || audio.src !== playingSource) return;
      phase = "stalled";
      stepDownIfStalling();
    };
    audio.addEventListener("playing", onPlaying);
    audio.addEventListener("loadstart", onLoadStart);
    audio.addEventListener("pause", onPause);
    audio.addEventListener("waiting", onWaiting);
    return () => {
      audio.removeEventListener("playing", onPlaying);
      audio.removeEventListener("loadstart", onLoadStart);
      audio.removeEventListener("pause", onPause);
      audio.removeEventListener("waiting", onWaiting);
    };
  }, [audioElement, setQuality]);
}
