// The live stream through Media Source Extensions (ADR 030): the page fetches the Icecast mount,
// cuts it into MP3 frames and appends them itself, so the element plays as soon as the host's
// burst arrives instead of waiting to fill a buffer of its own. Every connection is mapped onto
// the host's clock (when each frame was live), so a quality switch or a reconnect is joined to
// what was appended at the frame where the new stream carries the same moment: no gap, no restart.
// Loaded when playback starts (playback.ts), never with the page.

import { createMp3Framer, frameSeconds, type Mp3Frame } from "#schema/mp3/frames.ts";
import { indexAfter, matchFrames } from "#schema/mp3/join.ts";
import { withoutCacheBuster } from "../stream-url";
import { startGovernor, starvingAheadSeconds } from "./governor";
import { requestStream, type StreamRequest } from "./request";
import { createAppender } from "./source-appender";
import type { Connection, MseStreamEvents, TimelineRun } from "./stream-types";

/** A connection that adds no audio for this long is dropped and made again. */
const silentConnectionMs = 4000;
/** Retries of a dropped connection while the buffer plays: at once, every 200 ms for 2.4 s, then slower. */
const retryDelaysMs = [0, ...Array<number>(12).fill(200), 500, 1000, 2000];
/** A switch that finds no join within this long cuts over where the new stream is. */
const joinTimeoutMs = 6000;

/** The burst is over (the stream arrives as it is made) once the origin holds this long. */
const originSettleMs = 200;

export type MseStream = ReturnType<typeof createMseStream>;

export function createMseStream(
  audio: HTMLAudioElement,
  mediaSource: MediaSource,
  firstUrl: string,
  events: MseStreamEvents,
  /** The first connection's request, made by the caller while this module loaded. */
  firstRequest?: StreamRequest,
) {
  let stopped = false;
  const appender = createAppender(
    audio,
    mediaSource,
    (reason) => events.onUnsupported(reason),
    () => stopped,
  );
  let active: Connection | null = null;
  let incoming: Connection | null = null;
  let incomingSince = 0;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let down = false;
  const timeline: TimelineRun[] = [];
  /** The bytes of the last frames appended: a reconnect to the same mount is joined where they recur. */
  let lastAppended: Uint8Array[] = [];

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
      if (connection === active && appender.mediaEnd === 0 && connection.received === 0 && !down) {
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
    const starving = down && audio.currentTime >= appender.mediaEnd - starvingAheadSeconds;
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
    timeline.push({ mediaTime: appender.mediaEnd, connection: next, position: next.consumed });
    events.onSource(next.url);
    appendHeld(next);
  }

  function appendHeld(connection: Connection) {
    if (connection.held.length === 0) return;
    const frames = connection.held.splice(0);
    lastAppended = [...lastAppended, ...frames.slice(-matchFrames).map((f) => f.bytes)].slice(-matchFrames);
    for (const frame of frames) connection.consumed += frameSeconds(frame);
    if (timeline.length === 0) timeline.push({ mediaTime: 0, connection, position: 0 });
    appender.append(frames);
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

  const governor = startGovernor(
    audio,
    () => ({ down, mediaEnd: appender.mediaEnd }),
    (starving) => events.onStarving(starving),
  );

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
      return Math.max(0, appender.mediaEnd - audio.currentTime);
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
