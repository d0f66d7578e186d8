// How late this listener hears the radio host (ADR 020). A new listener gets the host's
// burst (the stream's last `burstBytes`) at once, then the live edge as it is made, so what plays
// at `currentTime` was live at loadstart - burst + currentTime: the delay is the burst, plus the
// time since the source started loading, minus the media time played. A slow start, a stall or
// a pause adds to it by itself; a new source (play, reconnect, another quality) starts it afresh.
import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import type { ClientConfig } from "#schema/api.ts";
import type { StreamQuality } from "#web/lib/constants.ts";
import { useClientConfig } from "#web/lib/queries/config.ts";
import { useAudio } from "./audio-context";
import { isPlayingStatus, playbackStatusAtom } from "./state";
import { withoutCacheBuster } from "./stream-url";

/**
 * Chromium starts playing an MP3 stream about this many bytes into it (what its format probe
 * reads before playback), measured against the local station's tones at all three bitrates.
 */
export const playbackStartSkipBytes = 4700;

export function streamDelayMs(input: {
  /** Since the source started loading (its loadstart). */
  elapsedMs: number;
  /** The element's currentTime, in seconds. */
  currentTime: number;
  burstBytes: number;
  bitrateKbps: number;
}): number {
  const bytesPerMs = input.bitrateKbps / 8;
  const burstMs = Math.max(0, input.burstBytes - playbackStartSkipBytes) / bytesPerMs;
  return Math.max(0, burstMs + input.elapsedMs - input.currentTime * 1000);
}

/** Which configured stream `src` plays (stream-source.ts may add ?reconnect=). */
export function qualityOfSource(src: string, streams: ClientConfig["streams"]): StreamQuality | null {
  const plain = withoutCacheBuster(src);
  for (const quality of Object.keys(streams) as StreamQuality[]) {
    if (streams[quality] === plain) return quality;
  }
  return null;
}

/** Gives lib/listening-delay the player's estimate while a stream loads or plays. */
export function useStreamDelay(): void {
  const { audioElement, engineDelayMs } = useAudio();
  const status = useAtomValue(playbackStatusAtom);
  const config = useClientConfig().data;
  const latest = useRef({ status, config });
  latest.current = { status, config };

  const notify = useRef<() => void>(() => {});

  useEffect(() => {
    const audio = audioElement();
    if (!audio) return;
    // A press before this lazy part loaded (at first paint) started a source whose loadstart it
    // missed: it counts from the media time played, as if the source had started without delay.
    let loadedAt: number | null = audio.getAttribute("src")
      ? performance.now() - audio.currentTime * 1000
      : null;
    let withdraw = () => {};
    let cancelled = false;
    const changed = () => notify.current();
    const onLoadStart = () => {
      loadedAt = audio.getAttribute("src") ? performance.now() : null;
      changed();
    };
    // An unloaded source (pause) is no start to count from: until the next one loads, the delay
    // is unknown, else a resume would count the whole pause and show the title before, briefly.
    const onEmptied = () => {
      loadedAt = null;
      changed();
    };
    const events = ["playing", "pause"] as const;
    audio.addEventListener("loadstart", onLoadStart);
    audio.addEventListener("emptied", onEmptied);
    for (const event of events) audio.addEventListener(event, changed);
    // Imported here, not at the top: a static import would make it a chunk of its own that the
    // first load's script must name (the live updates share it), over the 90 KB budget.
    void import("#web/lib/listening-delay.ts").then(({ listeningChanged, provideListeningDelay }) => {
      if (cancelled) return;
      notify.current = listeningChanged;
      withdraw = provideListeningDelay(() => {
        const { status, config } = latest.current;
        const src = audio.getAttribute("src");
        if (loadedAt === null || !src || !config || !isPlayingStatus(status)) return null;
        // Through MSE the player knows when each frame it plays was live at the host.
        const exact = engineDelayMs();
        if (exact !== null) return exact;
        const quality = qualityOfSource(audio.dataset.stream ?? src, config.streams);
        if (!quality) return null;
        return streamDelayMs({
          elapsedMs: performance.now() - loadedAt,
          currentTime: audio.currentTime,
          burstBytes: config.streamTiming.burstBytes[quality],
          bitrateKbps: config.streamTiming.bitrateKbps[quality],
        });
      });
      listeningChanged();
    });
    return () => {
      cancelled = true;
      withdraw();
      audio.removeEventListener("loadstart", onLoadStart);
      audio.removeEventListener("emptied", onEmptied);
      for (const event of events) audio.removeEventListener(event, changed);
      notify.current();
    };
  }, [audioElement, engineDelayMs]);

  // Stopping (or a status that starts listening) changes the delay as much as an element event.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs on every change of status, on purpose
  useEffect(() => {
    notify.current();
  }, [status]);
}
