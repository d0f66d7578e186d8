// What the one <audio> element plays: the live stream through Media Source Extensions where the
// browser can (engine/mse-stream.ts, loaded at the first play), else the stream's URL itself,
// as before (ADR 030). The element says which on `data-engine` and which stream on `data-stream`.
// Local storage `player-engine` = "element" keeps the element path (bench:start compares the two).
import { playerEngineStorageKey } from "#web/lib/constants.ts";
import type { MseStream, MseStreamEvents } from "./engine/mse-stream";
import { readStored } from "./storage";
import { withCacheBuster } from "./stream-url";

export type SourceEvents = {
  /** Nothing is heard: the connection is lost and the buffer ran dry (true), or it plays again. */
  onStarving(starving: boolean): void;
  /** The MSE path cannot play this stream: the element plays it instead, from now on. */
  onFallback(reason: string): void;
};

type SourceClass = typeof MediaSource;

/**
 * The MediaSource class to play through, where one takes MP3 (plain or in MP4); null where the
 * element must play the URL itself. iPhones have only Safari's ManagedMediaSource;
 * `player-engine` = "managed" takes it where both exist (WebKitGTK, for tests).
 */
function mediaSourceClass(): SourceClass | null {
  const choice = readStored(playerEngineStorageKey);
  if (choice === "element" || typeof fetch !== "function" || typeof ReadableStream === "undefined")
    return null;
  const scope = globalThis as { MediaSource?: SourceClass; ManagedMediaSource?: SourceClass };
  const candidates =
    choice === "managed" ? [scope.ManagedMediaSource] : [scope.MediaSource, scope.ManagedMediaSource];
  return (
    candidates.find(
      (Source) =>
        Source && (Source.isTypeSupported("audio/mpeg") || Source.isTypeSupported('audio/mp4; codecs="mp3"')),
    ) ?? null
  );
}

export function createStreamSource(audio: HTMLAudioElement, events: SourceEvents) {
  /** Once the MSE path failed for a stream, this page plays through the element. */
  let mseRefused = false;
  /** A remote device (Cast, AirPlay) plays only a plain URL: the element's own path meanwhile. */
  let elementOnly = false;
  let mse: MseStream | null = null;
  let objectUrl: string | null = null;
  /** Bumped by every start and unload: a late engine module loads into nothing. */
  let generation = 0;

  function release() {
    generation++;
    mse?.stop();
    mse = null;
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = null;
  }

  function startElement(url: string, cacheBust: boolean) {
    audio.dataset.engine = "element";
    audio.disableRemotePlayback = false;
    audio.src = cacheBust ? withCacheBuster(url) : url;
  }

  function startMse(url: string, Source: SourceClass) {
    const mediaSource = new Source();
    // A ManagedMediaSource opens only on an element whose remote playback is off (Safari): a
    // device chosen meanwhile gets the plain URL (playOnElement), which turns it on again.
    if (Source !== (globalThis as { MediaSource?: SourceClass }).MediaSource)
      audio.disableRemotePlayback = true;
    objectUrl = URL.createObjectURL(mediaSource);
    audio.dataset.engine = "mse";
    audio.src = objectUrl;
    const mine = generation;
    const streamEvents: MseStreamEvents = {
      onStarving: (starving) => {
        if (mine === generation) events.onStarving(starving);
      },
      onSource: (playing) => {
        if (mine === generation) audio.dataset.stream = playing;
      },
      onUnsupported: (reason) => {
        if (mine !== generation || mseRefused) return;
        mseRefused = true;
        events.onFallback(reason);
      },
    };
    // The fetch and the module load overlap; the element starts once the first frames are in.
    void import("./engine/mse-stream")
      .then(({ createMseStream }) => {
        if (mine === generation) mse = createMseStream(audio, mediaSource, url, streamEvents);
      })
      .catch((error: unknown) =>
        streamEvents.onUnsupported(`the player's engine did not load: ${String(error)}`),
      );
  }

  return {
    /** Loads `url` afresh (play, or the player's own reconnect); the caller calls play(). */
    start(url: string, cacheBust: boolean) {
      release();
      audio.dataset.stream = url;
      const Source = mseRefused || elementOnly ? null : mediaSourceClass();
      if (Source) startMse(url, Source);
      else startElement(url, cacheBust);
    },
    /** Another quality while playing: joined without a gap on the MSE path, else a new source. */
    switchTo(url: string): boolean {
      if (!mse || mse.down) return false;
      mse.switchTo(url);
      return true;
    },
    /** Stops downloading; the next start begins at the live edge. */
    unload() {
      release();
      audio.disableRemotePlayback = false;
      delete audio.dataset.engine;
      delete audio.dataset.stream;
      audio.pause();
      if (audio.hasAttribute("src")) {
        audio.removeAttribute("src");
        audio.load();
      }
    },
    /**
     * Plays through the element alone while `on` (a remote device is being chosen or plays);
     * true when the element plays through MSE now and must be started again to follow.
     */
    setElementOnly(on: boolean): boolean {
      elementOnly = on;
      return on && audio.dataset.engine === "mse";
    },
    /** The MSE path failed while playing: fall back to the element (true when it will). */
    refuseMse(reason: string): boolean {
      if (mseRefused) return false;
      mseRefused = true;
      events.onFallback(reason);
      return true;
    },
    /** How late the listener hears the host, exactly, on the MSE path; null on the element's. */
    delayMs(): number | null {
      return mse?.delayMs() ?? null;
    },
    get connectionDown() {
      return mse?.down ?? false;
    },
  };
}

export type StreamSource = ReturnType<typeof createStreamSource>;
