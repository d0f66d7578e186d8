// Play and pause of the one <audio> element: what the listener wants, the status the element's
// events report, and the stream source it loads (stream-source.ts: through Media Source
// Extensions where it can, else the stream's URL).
import { useAtom } from "jotai";
import { type RefObject, type SyntheticEvent, useCallback, useEffect, useRef, useState } from "react";
import type { StreamQuality } from "#web/lib/constants.ts";
import type { useClientConfig } from "#web/lib/queries/config.ts";
import { useReconnect } from "./reconnect";
import { isPlayingStatus, type PlaybackStatus, playbackStatusAtom } from "./state";
import type { StreamSource } from "./stream-source";
import { withCacheBuster } from "./stream-url";

/** Whether the stream source could play through MSE here: only then is it worth waiting for. */
function mayPlayThroughMse(): boolean {
  const scope = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return scope.MediaSource !== undefined || scope.ManagedMediaSource !== undefined;
}

/** How long a press waits for the stream source's module before it plays through the element. */
const sourceModuleWaitMs = 1500;

type PlaybackOptions = {
  audioRef: RefObject<HTMLAudioElement | null>;
  config: ReturnType<typeof useClientConfig>;
  qualityRef: RefObject<StreamQuality>;
  /** The volume a new source starts at. */
  outputVolume: () => number;
};

export function usePlayback({ audioRef, config, qualityRef, outputVolume }: PlaybackOptions) {
  const [status, setStatusAtom] = useAtom(playbackStatusAtom);
  // Refs: the element's event handlers and timers read the latest values without re-subscribing.
  const statusRef = useRef(status);
  const configRef = useRef(config.data);
  configRef.current = config.data;
  /** The listener wants the radio on (pressed play and not pause since). */
  const wantsPlayRef = useRef(false);
  /** Waiting for the stream configuration before the first play. */
  const startPendingRef = useRef(false);
  /** A source swap is under way: a pause the browser reports meanwhile is not the listener's. */
  const swappingRef = useRef(false);
  const [source] = useState<{
    current: StreamSource | null;
    module: typeof import("./stream-source") | null;
    loading: Promise<unknown> | null;
  }>(() => ({ current: null, module: null, loading: null }));
  // The stream source (MSE where it can) comes after the page, not with it: a play pressed
  // before it arrives is the element's, as it always was (ADR 030).
  useEffect(() => {
    source.loading = import("./stream-source")
      .then((module) => {
        source.module = module;
      })
      .catch((error: unknown) => console.warn("No stream source", error))
      .finally(() => {
        source.loading = null;
      });
  }, [source]);
  /** The stall timer's controls, for the source's events (made once, with the first render's). */
  const armStallRef = useRef(() => {});
  const clearStallRef = useRef(() => {});
  /** startStream of the latest render, for the source's events and a start that waited. */
  const restartRef = useRef((_cacheBust = true) => {});

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
  armStallRef.current = armStall;
  clearStallRef.current = () => {
    clearStall();
    reconnector.succeeded();
  };

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

  /** The element's source, made once the element exists and its module has loaded. */
  const sourceOf = useCallback(
    (audio: HTMLAudioElement): StreamSource | null => {
      if (!source.module) return null;
      source.current ??= source.module.createStreamSource(audio, {
        wantsPlay: () => wantsPlayRef.current,
        status: () => statusRef.current,
        setStatus,
        armStall: () => armStallRef.current(),
        recovered: () => clearStallRef.current(),
        restart: (cacheBust) => restartRef.current(cacheBust),
        config: () => configRef.current,
      });
      return source.current;
    },
    [source, setStatus],
  );

  /** Stops downloading the live stream; the next play starts at the live edge. */
  const unload = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (source.current) return source.current.unload();
    delete audio.dataset.stream;
    audio.pause();
    if (audio.hasAttribute("src")) {
      audio.removeAttribute("src");
      audio.load();
    }
  }, [audioRef, source]);

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
      const url = configRef.current?.streams[qualityRef.current];
      if (!audio || !url) {
        startPendingRef.current = true;
        return;
      }
      // A press as the page starts may come before the stream source's module: wait for it a
      // moment (it is on its way, and small) rather than start on the element's slow path.
      const loading = source.module || !mayPlayThroughMse() ? null : source.loading;
      if (loading) {
        startPendingRef.current = true;
        const waited = new Promise((resolve) => setTimeout(resolve, sourceModuleWaitMs));
        void Promise.race([loading, waited]).then(() => {
          source.loading = null;
          if (wantsPlayRef.current && startPendingRef.current) restartRef.current(cacheBust);
        });
        return;
      }
      startPendingRef.current = false;
      swappingRef.current = true;
      clearStall();
      audio.volume = outputVolume();
      const streamSource = sourceOf(audio);
      if (streamSource) streamSource.start(url, cacheBust);
      else {
        audio.dataset.stream = url;
        audio.src = cacheBust ? withCacheBuster(url) : url;
      }
      armStall();
      try {
        const result = audio.play();
        // Old browsers return undefined instead of a promise.
        if (result) result.catch(onPlayRejected);
      } catch (error) {
        onPlayRejected(error);
      }
    },
    [audioRef, qualityRef, outputVolume, armStall, clearStall, onPlayRejected, sourceOf, source],
  );

  restartRef.current = (cacheBust = true) => startStream(cacheBust);

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
    if (!wantsPlayRef.current || startPendingRef.current) return;
    const url = configRef.current?.streams[qualityRef.current];
    // Playing through MSE: the new stream is joined to the old one, nothing restarts.
    if (url && statusRef.current === "playing" && source.current?.switchTo(url)) return;
    reconnector.cancel();
    startStream(false);
  }, [reconnector, startStream, qualityRef, source]);

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
    if (!wantsPlayRef.current) return;
    armStall();
  };
  const audioEvents = {
    onPlay: () => {
      // Also when the browser or the OS starts playback by itself.
      wantsPlayRef.current = true;
      if (!isPlayingStatus(statusRef.current)) setStatus("connecting");
    },
    onPlaying: () => {
      // WebKit fires `playing` as a paused element is unloaded: not playback.
      if (!wantsPlayRef.current) return;
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
      const fail = () => {
        swappingRef.current = false;
        if (wantsPlayRef.current) reconnect();
        else stopAll();
      };
      // The stream source tells a failure from Firefox's decode error as a stream starts.
      if (source.current) return source.current.mediaError(fail);
      console.error("Audio error", audio.error);
      fail();
    },
    onWaiting: onStall,
    onStalled: onStall,
    onTimeUpdate: () => {
      if (statusRef.current === "playing") clearStall();
    },
  };

  /** Hands the element the stream's plain URL while `on` (remote playback takes only that). */
  const playOnElement = useCallback((on: boolean) => source.current?.setElementOnly(on), [source]);
  /** How late the listener hears the host on the MSE path (exact), null on the element's. */
  const engineDelayMs = useCallback(() => source.current?.delayMs() ?? null, [source]);

  return { status, play, pause, toggle, switchSource, audioEvents, engineDelayMs, playOnElement };
}
