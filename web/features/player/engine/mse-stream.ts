// The live stream through Media Source Extensions (ADR 030): the page fetches the Icecast mount,
// cuts it into MP3 frames and appends them itself, so the element plays as soon as the host's
// burst arrives instead of waiting to fill a buffer of its own. Every connection is mapped onto
// the host's clock (when each frame was live), so a quality switch or a reconnect is joined to
// what was appended at the frame where the new stream carries the same moment: no gap, no restart.
// Loaded when playback starts (playback.ts), never with the page.

import { withoutCacheBuster } from "../stream-url";
import { fmp4MimeType, initSegment, mediaSegment } from "./fmp4";
import { createMp3Framer, frameSeconds, type Mp3Frame } from "./mp3-frames";
import { requestStream, type StreamRequest } from "./request";

/** A connection that adds no audio for this long is dropped and made again. */
const silentConnectionMs = 4000;
/** Retries of a dropped connection while the buffer plays: at once, every 200 ms for 2.4 s, then slower. */
const retryDelaysMs = [0, ...Array<number>(12).fill(200), 500, 1000, 2000];
/** Audio kept behind the playing position (for memory), and trimmed this often. */
const keepBehindSeconds = 20;
/** A switch that finds no join within this long cuts over where the new stream is. */
const joinTimeoutMs = 6000;
/**
 * Audio to hold ahead of the playing position, so a network loss of 2 s passes unheard. A host's
 * burst may give less (Icecast's default 64 KB is 1.6 s at 320 kbps): then the element plays 3%
 * slower, pitch kept, until it has this much (about 30 s from the press at 320 kbps).
 */
export const targetAheadSeconds = 2.6;
export const buildUpRate = 0.97;
/** Less than this ahead with the connection down: the listener hears the drop. */
const starvingAheadSeconds = 0.3;

export type MseStreamEvents = {
  /**
   * The listener hears nothing because the connection is lost and the buffer has run dry (true),
   * or the audio plays again (false). Not the element's `waiting`: Firefox, starved through MSE,
   * stands still at HAVE_FUTURE_DATA and fires none.
   */
  onStarving(starving: boolean): void;
  /** The stream cannot be played this way (not MP3, refused, a SourceBuffer error): fall back. */
  onUnsupported(reason: string): void;
  /** A connection now carries the audio of `url` (the first one, a switch, a reconnect). */
  onSource(url: string): void;
};

type Connection = {
  url: string;
  controller: AbortController;
  framer: ReturnType<typeof createMp3Framer>;
  /** Frames received and not yet appended (an incoming connection holds them until the join). */
  held: Mp3Frame[];
  /** Seconds of audio received. */
  received: number;
  /** Seconds of this connection's audio appended (from its start, including skipped frames). */
  consumed: number;
  /**
   * The page clock (performance.now) at which this stream's position 0 was live at the host:
   * the smallest arrival time minus the audio received by then (the quickest delivery).
   */
  origin: number;
  /** When `origin` last moved by more than a few ms: the host's burst is still arriving. */
  originMovedAt: number;
  lastAudioAt: number;
  startedAt: number;
};

/** The burst is over (the stream arrives as it is made) once the origin holds this long. */
const originSettleMs = 200;

/**
 * Where the media timeline meets the host's clock: from `mediaTime` on, the element plays
 * `connection` from its `position` (seconds), live at connection.origin + position.
 */
type TimelineRun = { mediaTime: number; connection: Connection; position: number };

/** The type `Source` takes MP3 in: plain, else inside MP4 (Firefox); null when neither. */
export function mp3MimeType(Source: Pick<typeof MediaSource, "isTypeSupported">): string | null {
  if (Source.isTypeSupported("audio/mpeg")) return "audio/mpeg";
  if (Source.isTypeSupported(fmp4MimeType)) return fmp4MimeType;
  return null;
}

export type MseStream = ReturnType<typeof createMseStream>;

export function createMseStream(
  audio: HTMLAudioElement,
  mediaSource: MediaSource,
  firstUrl: string,
  events: MseStreamEvents,
  /** The first connection's request, made by the caller while this module loaded. */
  firstRequest?: StreamRequest,
) {
  const mime = mp3MimeType(mediaSource.constructor as typeof MediaSource) ?? "audio/mpeg";
  let buffer: SourceBuffer | null = null;
  const queue: Uint8Array[] = [];
  let stopped = false;
  let active: Connection | null = null;
  let incoming: Connection | null = null;
  let incomingSince = 0;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let down = false;
  /** Seconds appended to the media timeline, counted in frames (the fMP4 decode times use it). */
  let mediaEnd = 0;
  let sampleClock = 0;
  let sequence = 1;
  let initDone = false;
  const timeline: TimelineRun[] = [];
  /** The bytes of the last frames appended: a reconnect to the same mount is joined where they recur. */
  let lastAppended: Uint8Array[] = [];
  let lastTrim = 0;

  function connect(url: string, request: StreamRequest = requestStream(url)): Connection {
    const connection: Connection = {
      url,
      controller: request.controller,
      framer: createMp3Framer(),
      held: [],
      received: 0,
      consumed: 0,
      origin: Number.POSITIVE_INFINITY,
      originMovedAt: performance.now(),
      lastAudioAt: performance.now(),
      startedAt: performance.now(),
    };
    void read(connection, request.response);
    return connection;
  }

  async function read(connection: Connection, request: Promise<Response>) {
    try {
      const response = await request;
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const type = response.headers.get("content-type") ?? "";
      if (type && !/audio\/(mpeg|mp3)/i.test(type)) {
        events.onUnsupported(`the stream is ${type}, not MP3`);
        return;
      }
      const reader = response.body.getReader();
      const watchdog = setInterval(() => {
        if (performance.now() - connection.lastAudioAt > silentConnectionMs) connection.controller.abort();
      }, 1000);
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done || stopped) break;
          received(connection, value);
        }
      } finally {
        clearInterval(watchdog);
      }
      if (!stopped && connection.controller.signal.aborted === false) dropped(connection);
    } catch (error) {
      if (stopped || (connection !== active && connection !== incoming)) return;
      // The very first connection failing before any audio: CORS refused or no MSE path; the
      // element plays the URL itself (it needs no CORS). A later one is a network loss.
      if (connection === active && mediaEnd === 0 && connection.received === 0 && !down) {
        events.onUnsupported(`the stream could not be fetched: ${String(error)}`);
        return;
      }
      dropped(connection);
    }
  }

  function received(connection: Connection, chunk: Uint8Array) {
    if (connection !== active && connection !== incoming) return;
    const frames = connection.framer.push(chunk);
    if (frames.length === 0) {
      if (connection.received === 0 && performance.now() - connection.startedAt > silentConnectionMs) {
        events.onUnsupported("the stream carries no MP3 frames");
      }
      return;
    }
    const now = performance.now();
    connection.lastAudioAt = now;
    for (const frame of frames) connection.received += frameSeconds(frame);
    const origin = now - connection.received * 1000;
    if (origin < connection.origin - 5) connection.originMovedAt = now;
    connection.origin = Math.min(connection.origin, origin);
    connection.held.push(...frames);
    if (connection === incoming) tryJoin();
    if (connection === active) appendHeld(active);
  }

  /** The page-clock moment the end of what was appended was live. */
  function appendedLiveEnd(connection: Connection): number {
    return connection.origin + connection.consumed * 1000;
  }

  function tryJoin() {
    const next = incoming;
    if (!next || next.held.length === 0) return;
    const old = active;
    const oldEnd = old && old.consumed > 0 ? appendedLiveEnd(old) : null;
    const nextLiveEnd = next.origin + next.received * 1000;
    const now = performance.now();
    const timedOut = now - incomingSince > joinTimeoutMs;
    // The same mount again (a reconnect): its frames are the very bytes appended, so the join
    // is where the last ones appended recur, exact to the frame.
    const sameMount = old !== null && withoutCacheBuster(old.url) === withoutCacheBuster(next.url);
    const recurAt = sameMount ? indexAfter(next.held, lastAppended) : -1;
    // Otherwise, where the new stream's frames were live is known once its burst is in; the old
    // stream still brings audio, so wait until the new one has the moment it reached. A listener
    // already hearing silence is joined at once.
    const settled = now - next.originMovedAt >= originSettleMs;
    const starving = down && audio.currentTime >= mediaEnd - starvingAheadSeconds;
    if (recurAt >= 0) {
      let position = 0;
      for (const frame of next.held.splice(0, recurAt)) position += frameSeconds(frame);
      next.consumed = position;
    } else if (oldEnd !== null && !timedOut && !starving && (!settled || (!down && nextLiveEnd < oldEnd))) {
      return;
    } else if (oldEnd !== null) {
      // Skip what the old stream already gave: frames that end before its end (to the nearest frame).
      let position = 0;
      while (next.held.length > 0) {
        const first = next.held[0] as Mp3Frame;
        const end = next.origin + (position + frameSeconds(first)) * 1000;
        if (end - (frameSeconds(first) * 1000) / 2 > oldEnd) break;
        position += frameSeconds(first);
        next.held.shift();
      }
      next.consumed = position;
    }
    if (old) old.controller.abort();
    active = next;
    incoming = null;
    retries = 0;
    down = false;
    timeline.push({ mediaTime: mediaEnd, connection: next, position: next.consumed });
    events.onSource(next.url);
    appendHeld(next);
  }

  function appendHeld(connection: Connection) {
    if (connection.held.length === 0) return;
    const frames = connection.held.splice(0);
    lastAppended = [...lastAppended, ...frames.slice(-matchFrames).map((f) => f.bytes)].slice(-matchFrames);
    for (const frame of frames) connection.consumed += frameSeconds(frame);
    const first = frames[0] as Mp3Frame;
    if (timeline.length === 0) timeline.push({ mediaTime: 0, connection, position: 0 });
    if (mime === fmp4MimeType) {
      if (!initDone) {
        queue.push(initSegment(first));
        initDone = true;
      }
      queue.push(mediaSegment(frames, sequence++, sampleClock));
    } else {
      queue.push(joinBytes(frames));
    }
    for (const frame of frames) {
      sampleClock += frame.samples;
      mediaEnd += frameSeconds(frame);
    }
    pump();
  }

  function pump() {
    if (stopped || !buffer || buffer.updating || queue.length === 0) return;
    if (mediaSource.readyState !== "open") return;
    trim();
    if (buffer.updating) return;
    const next = queue.shift() as Uint8Array;
    try {
      buffer.appendBuffer(next as Uint8Array<ArrayBuffer>);
    } catch (error) {
      if ((error as { name?: string }).name === "QuotaExceededError") {
        queue.unshift(next);
        lastTrim = 0;
        trim(true);
        return;
      }
      events.onUnsupported(`appending failed: ${String(error)}`);
    }
  }

  /** Drops audio long played, so an hour of radio does not hold an hour in memory. */
  function trim(force = false) {
    if (!buffer || buffer.updating) return;
    const now = performance.now();
    if (!force && now - lastTrim < 10_000) return;
    lastTrim = now;
    const ranges = buffer.buffered;
    if (ranges.length === 0) return;
    const until = audio.currentTime - (force ? 2 : keepBehindSeconds);
    if (until > ranges.start(0) + 1) buffer.remove(ranges.start(0), until);
  }

  function dropped(connection: Connection) {
    if (stopped) return;
    if (connection === incoming) {
      // A switch that failed keeps the old stream and tries the new one again; a reconnect that
      // failed (the network still away) tries again.
      incoming = null;
      scheduleRetry(connection.url);
      return;
    }
    if (connection !== active) return;
    down = true;
    scheduleRetry(connection.url);
  }

  function scheduleRetry(url: string) {
    clearTimeout(retryTimer);
    const delay = retryDelaysMs[Math.min(retries, retryDelaysMs.length - 1)] ?? 2000;
    retries++;
    retryTimer = setTimeout(() => {
      if (stopped || incoming) return;
      incoming = connect(url);
      incomingSince = performance.now();
    }, delay);
  }

  let starving = false;
  // Says when the buffer ran dry with the connection down, and back; grows the buffer to
  // targetAheadSeconds while it is short, then plays at normal speed again.
  const governor = setInterval(() => {
    if (stopped) return;
    const dry = down && !audio.paused && mediaEnd - audio.currentTime < starvingAheadSeconds;
    if (dry !== starving) {
      starving = dry;
      events.onStarving(dry);
    }
    if (audio.paused || audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
    const ahead = mediaEnd - audio.currentTime;
    const rate = ahead < targetAheadSeconds - 0.05 ? buildUpRate : 1;
    if (audio.playbackRate !== rate) audio.playbackRate = rate;
  }, 250);

  const onSourceOpen = () => {
    if (stopped || buffer) return;
    try {
      buffer = mediaSource.addSourceBuffer(mime);
      buffer.mode = "sequence";
    } catch (error) {
      events.onUnsupported(`no SourceBuffer for ${mime}: ${String(error)}`);
      return;
    }
    buffer.addEventListener("updateend", pump);
    buffer.addEventListener("error", () => events.onUnsupported("the SourceBuffer reported an error"));
    pump();
  };
  if (mediaSource.readyState === "open") onSourceOpen();
  else mediaSource.addEventListener("sourceopen", onSourceOpen, { once: true });

  active = connect(firstUrl, firstRequest);
  events.onSource(firstUrl);

  return {
    /** Plays `url` from now on, joined to what plays without a gap. */
    switchTo(url: string) {
      if (stopped) return;
      if (incoming) incoming.controller.abort();
      clearTimeout(retryTimer);
      retries = 0;
      incoming = connect(url);
      incomingSince = performance.now();
    },
    /** Connects again now (the player's own reconnect after a long stall). */
    reconnect() {
      if (stopped || !active) return;
      const url = incoming?.url ?? active.url;
      if (incoming) incoming.controller.abort();
      incoming = connect(url);
      incomingSince = performance.now();
    },
    /** How late the listener hears the host (ms): exact, from the frame playing now. */
    delayMs(): number | null {
      const t = audio.currentTime;
      let run: TimelineRun | undefined;
      for (const candidate of timeline) if (candidate.mediaTime <= t + 1e-3) run = candidate;
      if (!run || !Number.isFinite(run.connection.origin)) return null;
      const liveAt = run.connection.origin + (run.position + t - run.mediaTime) * 1000;
      return Math.max(0, performance.now() - liveAt);
    },
    /** Seconds of audio buffered ahead of the playing position. */
    bufferedAhead(): number {
      return Math.max(0, mediaEnd - audio.currentTime);
    },
    get down() {
      return down;
    },
    stop() {
      stopped = true;
      clearInterval(governor);
      audio.playbackRate = 1;
      clearTimeout(retryTimer);
      active?.controller.abort();
      incoming?.controller.abort();
      active = null;
      incoming = null;
    },
  };
}

/** Frames that must recur, in order, for a reconnect to be joined by its bytes. */
const matchFrames = 3;

/** The index just after the first run of `frames` equal, byte for byte, to `run`; -1 when none. */
export function indexAfter(frames: Mp3Frame[], run: Uint8Array[]): number {
  if (run.length === 0) return -1;
  search: for (let i = 0; i + run.length <= frames.length; i++) {
    for (let j = 0; j < run.length; j++) {
      if (!sameBytes((frames[i + j] as Mp3Frame).bytes, run[j] as Uint8Array)) continue search;
    }
    return i + run.length;
  }
  return -1;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function joinBytes(frames: Mp3Frame[]): Uint8Array {
  const out = new Uint8Array(frames.reduce((sum, f) => sum + f.bytes.length, 0));
  let at = 0;
  for (const frame of frames) {
    out.set(frame.bytes, at);
    at += frame.bytes.length;
  }
  return out;
}
