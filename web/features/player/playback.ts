// Play and pause of the one <audio> element: what the listener wants, the status the element's
// events report, and the stream source it loads.
import { useAtom } from "jotai";
import { type RefObject, type SyntheticEvent, useCallback, useEffect, useRef } from "react";
import type { StreamQuality } from "#web/lib/constants.ts";
import type { useClientConfig } from "#web/lib/queries/config.ts";
import { useReconnect } from "./reconnect";
import { isPlayingStatus, type PlaybackStatus, playbackStatusAtom } from "./state";

type PlaybackOptions = {
  audioRef: RefObject<HTMLAudioElement | null>;
  config: ReturnType<typeof useClientConfig>;
  qualityRef: RefObject<StreamQuality>;
  /** The volume a new source starts at. */
  outputVolume: () => number;
};

function withCacheBuster(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}reconnect=${Date.now()}`;
}

export function usePlayback({ audioRef, config, qualityRef, outputVolume }: PlaybackOptions) {
  const [status, setStatusAtom] = useAtom(playbackStatusAtom);
  // Refs: the element's event handlers and timers read the latest values without re-subscribing.
  const statusRef = useRef(status);
  const streamsRef = useRef(config.data?.streams);
  streamsRef.current = config.data?.streams;
  /** The listener wants the radio on (pressed play and not pause since). */
  const wantsPlayRef = useRef(false);
  /** Waiting for the stream configuration before the first play. */
  const startPendingRef = useRef(false);
  /** A source swap is under way: a pause the browser reports meanwhile is not the listener's. */
  const swappingRef = useRef(false);

  const setStatus = useCallback(
    (next: PlaybackStatus) => {
      statusRef.current = next;
      setStatusAtom(next);
    },
    [setStatusAtom],
  );

  // startStream (below) arms the stall timer and a retry calls startStream: the closure runs only
  // when a retry fires, long after this render declared startStream.
  const { reconnector, reconnect, armStall, clearStall } = useReconnect({
    wantsPlayRef,
    setStatus,
    retry: () => startStream(true),
    giveUp: () => {
      console.error("Stream unavailable: reconnecting gave up");
      stopAll("unavailable");
      unload();
    },
  });

  const stopAll = useCallback(
    (end: "stopped" | "unavailable" = "stopped") => {
      wantsPlayRef.current = false;
      startPendingRef.current = false;
      swappingRef.current = false;
      reconnector.cancel();
      clearStall();
      setStatus(end);
    },
    [clearStall, reconnector, setStatus],
  );

  /** Stops downloading the live stream; the next play starts at the live edge. */
  const unload = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.pause();
    if (audio.hasAttribute("src")) {
      audio.removeAttribute("src");
      audio.load();
    }
  }, [audioRef]);

  const onPlayRejected = useCallback(
    (error: unknown) => {
      const name = (error as { name?: unknown } | null)?.name;
      // A newer source or a pause interrupted this play(): whoever did that owns the state.
      if (name === "AbortError") return;
      swappingRef.current = false;
      if (name === "NotAllowedError") {
        console.warn("Playback was not allowed by the browser", error);
        stopAll();
        return;
      }
      console.error("Playback failed", error);
      if (wantsPlayRef.current) reconnect();
      else stopAll();
    },
    [reconnect, stopAll],
  );

  const startStream = useCallback(
    (cacheBust: boolean) => {
      const audio = audioRef.current;
      const url = streamsRef.current?.[qualityRef.current];
      if (!audio || !url) {
        startPendingRef.current = true;
        return;
      }
      startPendingRef.current = false;
      swappingRef.current = true;
      clearStall();
      audio.volume = outputVolume();
      audio.src = cacheBust ? withCacheBuster(url) : url;
      armStall();
      try {
        const result = audio.play();
        // Old browsers return undefined instead of a promise.
        if (result) result.catch(onPlayRejected);
      } catch (error) {
        onPlayRejected(error);
      }
    },
    [audioRef, qualityRef, outputVolume, armStall, clearStall, onPlayRejected],
  );

  const play = useCallback(() => {
    if (wantsPlayRef.current && isPlayingStatus(statusRef.current)) return;
    wantsPlayRef.current = true;
    reconnector.cancel();
    setStatus("connecting");
    startStream(false);
  }, [reconnector, setStatus, startStream]);

  const pause = useCallback(() => {
    stopAll();
    unload();
  }, [stopAll, unload]);

  const toggle = useCallback(() => {
    if (isPlayingStatus(statusRef.current)) pause();
    else play();
  }, [play, pause]);

  /** Another quality was chosen: swap the source and resume if the radio was on. */
  const switchSource = useCallback(() => {
    if (wantsPlayRef.current && !startPendingRef.current) {
      reconnector.cancel();
      startStream(false);
    }
  }, [reconnector, startStream]);

  // Play was pressed before the stream configuration arrived.
  useEffect(() => {
    if (!startPendingRef.current || !wantsPlayRef.current) return;
    if (config.data) startStream(false);
    else if (config.isError) {
      console.error("Stream configuration unavailable", config.error);
      stopAll();
    }
  }, [config.data, config.isError, config.error, startStream, stopAll]);

  const onStall = () => {
    if (wantsPlayRef.current) armStall();
  };
  const audioEvents = {
    onPlay: () => {
      // Also when the browser or the OS starts playback by itself.
      wantsPlayRef.current = true;
      if (!isPlayingStatus(statusRef.current)) setStatus("connecting");
    },
    onPlaying: () => {
      swappingRef.current = false;
      clearStall();
      reconnector.succeeded();
      setStatus("playing");
    },
    onPause: (event: SyntheticEvent<HTMLAudioElement>) => {
      // The pause of giving up arrives after it: "Stream unavailable" stays.
      if (statusRef.current === "unavailable") return;
      if (wantsPlayRef.current) {
        // The stream ended by itself: a drop, not the listener.
        if (event.currentTarget.ended) return reconnect();
        if (swappingRef.current || statusRef.current === "reconnecting") return;
      }
      stopAll();
    },
    onEnded: () => {
      if (wantsPlayRef.current) reconnect();
    },
    onError: (event: SyntheticEvent<HTMLAudioElement>) => {
      const audio = event.currentTarget;
      // Unloading the source on pause is not an error worth reporting.
      if (!audio.hasAttribute("src")) return;
      console.error("Audio error", audio.error?.code, audio.error?.message);
      swappingRef.current = false;
      if (wantsPlayRef.current) reconnect();
      else stopAll();
    },
    onWaiting: onStall,
    onStalled: onStall,
    onTimeUpdate: () => {
      if (statusRef.current === "playing") clearStall();
    },
  };

  return { status, play, pause, toggle, switchSource, audioEvents };
}
