// What the one <audio> element plays: the live stream through Media Source Extensions where the
// browser can (engine/mse-stream.ts, loaded at the first play), else the stream's URL itself,
// as before (ADR 030); the past, or live relayed from the edge (ADR 040, 042), through the
// rewind engine. The element says which on `data-engine` and which stream on `data-stream`.
// Local storage `player-engine` = "element" keeps the element path (bench:start compares the two).

import type { ClientConfig } from "#schema/api/config.ts";
import type { PlaybackStatus } from "#web/lib/playback-status.ts";
import { mediaSourceClass, type SourceClass } from "./engine/media-source-class";
import type { MseStream } from "./engine/mse-stream";
import { requestStream } from "./engine/request";
import type { RewindStream } from "./engine/rewind-stream";
import type { MseStreamEvents } from "./engine/stream-types";
import { withCacheBuster } from "./stream-url";

/** What the source needs of the player (playback.ts): its state and its stall rule. */
export type SourceControls = {
  wantsPlay(): boolean;
  status(): PlaybackStatus;
  setStatus(status: PlaybackStatus): void;
  /** Starts the 8 s stall rule (a new source, the spec's backoff, the end after 2 minutes). */
  armStall(): void;
  /** The stream plays again: the stall timer and the backoff start over. */
  recovered(): void;
  /** Starts the stream afresh (through the element once MSE was refused), with a cache buster. */
  restart(cacheBust?: boolean): void;
  /** The deployment's configuration as read (relay mode, ADR 042, plays live from the recordings). */
  config?(): ClientConfig | undefined;
};

/** After a decode error, how long the media time has to show it still advances. */
const mediaErrorGraceMs = 1500;
/** MediaError.MEDIA_ERR_DECODE. */
const mediaErrDecode = 3;

/**
 * Where the listener listens when not live (ADR 040): the host moment to play from, and the
 * rewind quality of a stream URL (the player hands the source URLs). One player a page, so one
 * module-wide state: the rewind controls may ask before the first play made a source.
 */
export type RewindTarget = { at: number; qualityOf: (url: string) => string | null };
let rewinding: RewindTarget | null = null;
let activeSource: StreamSource | null = null;

/** Plays from `target` (a past moment) or, with null, live; a playing player follows at once. */
export function rewindTo(target: RewindTarget | null): void {
  rewinding = target;
  activeSource?.followRewind();
}

/** The host moment heard now while rewound (ms); null while live. */
export function rewindPosition(): number | null {
  return rewinding ? (activeSource?.heardAt() ?? rewinding.at) : null;
}

/** The host moment heard now where the player knows it (rewound, or relayed live); else null. */
export function heardMoment(): number | null {
  return activeSource?.heardAt() ?? rewinding?.at ?? null;
}

/** Whether this browser can go back (the past plays through Media Source Extensions only). */
export const canRewind = (): boolean => mediaSourceClass() !== null;

export function createStreamSource(audio: HTMLAudioElement, player: SourceControls) {
  /** Once the MSE path failed for a stream, this page plays through the element. */
  let mseRefused = false;
  /** Once the relay could not play, this page plays live from the host. */
  let relayRefused = false;
  /** A remote device (Cast, AirPlay) plays only a plain URL: the element's own path meanwhile. */
  let elementOnly = false;
  /** The media time when the element last reported a decode error, if since the last start. */
  let errorAt: number | null = null;
  let mse: MseStream | null = null;
  let past: RewindStream | null = null;
  let objectUrl: string | null = null;
  /** Bumped by every start and unload: a late engine module loads into nothing. */
  let generation = 0;

  /** The MSE path cannot play this stream: the element plays it from now on (true when it will). */
  function refuse(reason: string): boolean {
    if (mseRefused) return false;
    mseRefused = true;
    console.warn(`Playing the stream without Media Source Extensions: ${reason}`);
    if (player.wantsPlay()) player.restart();
    return true;
  }

  function release() {
    generation++;
    mse?.stop();
    mse = null;
    past?.stop();
    past = null;
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = null;
  }

  function startElement(url: string, cacheBust: boolean) {
    audio.dataset.engine = "element";
    audio.disableRemotePlayback = false;
    audio.src = cacheBust ? withCacheBuster(url) : url;
  }

  /** The player's side of an MSE engine's events, for the engine of this start only. */
  function engineEvents(mine: number): MseStreamEvents {
    return {
      onStarving: (starving) => {
        if (mine !== generation || !player.wantsPlay()) return;
        // A drop is heard once the buffer ran dry: say so, and let the stall rule take over
        // if it lasts.
        if (starving) {
          if (player.status() === "playing") player.setStatus("reconnecting");
          player.armStall();
        } else if (player.status() === "reconnecting" && !audio.paused) {
          // Some engines fire no `playing` after a starved MSE buffer fills again.
          player.recovered();
          player.setStatus("playing");
        }
      },
      onSource: (playing) => {
        if (mine === generation) audio.dataset.stream = playing;
      },
      onUnsupported: (reason) => {
        if (mine === generation) refuse(reason);
      },
    };
  }

  /** A new MediaSource on the element: `engine` names the path on data-engine. */
  function openMediaSource(Source: SourceClass, engine: "mse" | "rewind" | "relay"): MediaSource {
    const mediaSource = new Source();
    // A ManagedMediaSource opens only on an element whose remote playback is off (Safari): a
    // device chosen meanwhile gets the plain URL (playOnElement), which turns it on again.
    if (Source !== (globalThis as { MediaSource?: SourceClass }).MediaSource)
      audio.disableRemotePlayback = true;
    objectUrl = URL.createObjectURL(mediaSource);
    audio.dataset.engine = engine;
    audio.src = objectUrl;
    return mediaSource;
  }

  /** Plays the recording from `at` (rewound) or, with "live", relayed from the edge. */
  function startPast(Source: SourceClass, quality: string, at: number | "live") {
    const mediaSource = openMediaSource(Source, at === "live" ? "relay" : "rewind");
    const mine = generation;
    const events: MseStreamEvents = {
      ...engineEvents(mine),
      // The recording cannot play here after all: the listener hears live from the host, and the
      // live stream keeps MSE.
      onUnsupported: (reason) => {
        if (mine !== generation) return;
        console.warn(`Playing live from the host: the recording cannot play (${reason})`);
        if (at === "live") relayRefused = true;
        else rewinding = null;
        if (player.wantsPlay()) player.restart(false);
      },
    };
    void import("./engine/rewind-stream")
      .then(({ createRewindStream }) => {
        if (mine === generation) past = createRewindStream(audio, mediaSource, { quality, at }, events);
      })
      .catch((error: unknown) => events.onUnsupported(`the rewind engine did not load: ${String(error)}`));
  }

  function startMse(url: string, Source: SourceClass) {
    const mediaSource = openMediaSource(Source, "mse");
    const mine = generation;
    const streamEvents = engineEvents(mine);
    // The request and the module load overlap (the host takes a few hundred milliseconds to send
    // its first bytes); the element starts once the first frames are in.
    const request = requestStream(url);
    void import("./engine/mse-stream")
      .then(({ createMseStream }) => {
        if (mine === generation) mse = createMseStream(audio, mediaSource, url, streamEvents, request);
        else request.controller.abort();
      })
      .catch((error: unknown) => {
        request.controller.abort();
        streamEvents.onUnsupported(`the player's engine did not load: ${String(error)}`);
      });
  }

  /** Rewound, a new start goes on from the moment heard now. */
  function keepHeardMoment() {
    const at = past?.positionMs();
    if (rewinding && at != null) rewinding = { ...rewinding, at };
  }

  const source = {
    /** The rewind target changed: a playing player starts again there (or live). */
    followRewind() {
      // What plays now is left first: its moment is not the target's.
      release();
      if (player.wantsPlay()) player.restart(false);
    },
    /** The host moment heard now on the rewind path; null elsewhere or before its first audio. */
    heardAt(): number | null {
      return past?.positionMs() ?? null;
    },
    /** Loads `url` afresh (play, or the player's own reconnect); the caller calls play(). */
    start(url: string, cacheBust: boolean) {
      // A restart while rewound (a reconnect, a quality) goes on from the moment heard.
      keepHeardMoment();
      release();
      errorAt = null;
      audio.dataset.stream = url;
      const Source = mseRefused || elementOnly ? null : mediaSourceClass();
      // The past plays through MSE only: where the element must play, it plays live.
      const config = relayRefused ? undefined : player.config?.();
      const streams: Record<string, string> | null = config?.rewind.relay ? config.streams : null;
      const relayed = streams ? (Object.keys(streams).find((q) => streams[q] === url) ?? null) : null;
      if (Source && rewinding) startPast(Source, rewinding.qualityOf(url) ?? "hd", rewinding.at);
      else if (Source && relayed) startPast(Source, relayed, "live");
      else if (Source) startMse(url, Source);
      else startElement(url, cacheBust);
    },
    /** Another quality while playing: joined without a gap on the MSE path, else a new source. */
    switchTo(url: string): boolean {
      // Rewound: the same moment again, in the new quality.
      if (rewinding) keepHeardMoment();
      if (!mse || mse.down) return false;
      mse.switchTo(url);
      return true;
    },
    /** Stops downloading; the next start begins at the live edge, or rewound where it paused. */
    unload() {
      keepHeardMoment();
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
    setElementOnly(on: boolean): void {
      elementOnly = on;
      const engine = audio.dataset.engine;
      if (on && (engine === "mse" || engine === "relay") && player.wantsPlay()) player.restart(false);
    },
    /**
     * A media error: Firefox reports a decode error at the start of an Icecast MP3 stream (it
     * begins mid-frame) and plays on, so a decode error fails only if the media time has not
     * advanced a moment later; logged once per source. On the MSE path a failure gives the
     * stream to the element; otherwise `fail` (the player's reconnect).
     */
    mediaError(fail: () => void): void {
      const failed = () => {
        if (audio.dataset.engine !== "mse" || !refuse("the media element failed")) fail();
      };
      if (audio.error?.code !== mediaErrDecode) {
        console.error("Audio error", audio.error?.code, audio.error?.message);
        failed();
        return;
      }
      if (errorAt !== null) return;
      const at = audio.currentTime;
      errorAt = at;
      console.warn("Audio decode error; playing on while the media time advances", audio.error.message);
      const src = audio.getAttribute("src");
      setTimeout(() => {
        if (audio.getAttribute("src") !== src || errorAt !== at) return;
        if (audio.paused || audio.currentTime <= at) failed();
      }, mediaErrorGraceMs);
    },
    /** How late the listener hears the host, exactly, on the MSE path or relayed; null on the element's. */
    delayMs(): number | null {
      if (audio.dataset.engine === "relay") return past?.delayMs() ?? null;
      return mse?.delayMs() ?? null;
    },
  };
  activeSource = source;
  return source;
}

export type StreamSource = ReturnType<typeof createStreamSource>;
