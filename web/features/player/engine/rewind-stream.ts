// The past through Media Source Extensions (ADR 040): plays the rewind recorder's segments from a
// moment of the window on, appending whole frames on the element's timeline as the live stream's
// engine does, a dozen seconds ahead of what is heard. It knows which moment of the host's clock
// each media time is, so the player can name the track being heard. At the newest segment it asks
// for the next one as the recorder writes it: the listener stays the same distance behind live.
// In relay mode (ADR 042) it plays live the same way, from `relayLeadMs` behind the newest
// segment. Loaded when the listener first goes back or relays, never with the page.
import type { RewindIndex, RewindSegment } from "#schema/api/rewind.ts";
import { frameSeconds, type Mp3Frame, wholeFrames } from "#schema/mp3/frames.ts";
import { serverNowMs } from "#web/lib/listening-delay.ts";
import { startGovernor } from "./governor";
import { createAppender } from "./source-appender";
import type { MseStreamEvents } from "./stream-types";

/** Audio fetched ahead of the playing position. */
const aheadSeconds = 12;
/** How often it looks again: for room ahead, and at the recording's newest segment for the next. */
const tickMs = 1000;
/** A failed request is made again after this long. */
const retryMs = 1000;
/** The server's index pages (schema/api/rewind.ts's rewindPageMs). */
const pageMs = 10 * 60_000;
/**
 * Relayed, live starts this far behind the newest segment: the next 6 s segment is written, and
 * seen through the edge's 3 s cache of the index, before the listener runs out.
 */
export const relayLeadMs = 10_000;
/** Relayed, a newest segment older than this means the recording has stopped: live from the host. */
const relayStaleMs = 30_000;
/** Relayed, this many failures before the first audio give the listener to the host. */
const relayFailuresMax = 3;

export type RewindStream = ReturnType<typeof createRewindStream>;

export function createRewindStream(
  audio: HTMLAudioElement,
  mediaSource: MediaSource,
  /** The stream quality and the moment (host ms) to start at; "live" relays the newest. */
  start: { quality: string; at: number | "live" },
  events: Pick<MseStreamEvents, "onStarving" | "onUnsupported">,
  fetcher: typeof fetch = (input, init) => fetch(input, init),
) {
  let stopped = false;
  const controller = new AbortController();
  const appender = createAppender(
    audio,
    mediaSource,
    (reason) => events.onUnsupported(reason),
    () => stopped,
  );
  /** From `mediaTime` on, the element plays what was live at `hostMs` + (t - mediaTime). */
  const runs: { mediaTime: number; hostMs: number }[] = [];
  /** The host moment the next audio appended begins at; null until a relay found the newest. */
  let nextAt: number | null = start.at === "live" ? null : start.at;
  let failures = 0;
  /** Segments listed and not yet appended, in order. */
  let listed: RewindSegment[] = [];
  /** The window as the last index answer gave it. */
  let window: { oldest: number | null; newest: number | null } = { oldest: null, newest: null };
  let down = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let filling = false;

  async function json(url: string): Promise<RewindIndex> {
    const res = await fetcher(url, { signal: controller.signal });
    if (!res.ok) throw new Error(`${res.status} for ${url}`);
    return (await res.json()) as RewindIndex;
  }

  /** Relayed: where live starts, behind the newest segment; throws where the relay cannot serve. */
  async function liveEdge(): Promise<number> {
    const index = await json(`/api/rewind/${start.quality}`);
    if (index.newest === null || serverNowMs() - index.newest > relayStaleMs)
      throw new RelayUnavailable("the recording is not current");
    return Math.max(index.oldest ?? 0, index.newest - relayLeadMs);
  }

  /** Lists the segments from `nextAt` on: its page, or the next page while the window goes on. */
  async function list(): Promise<void> {
    let from = nextAt ?? (await liveEdge());
    let page = Math.floor(from / pageMs) * pageMs;
    for (;;) {
      const index = await json(`/api/rewind/${start.quality}?at=${page}`);
      window = { oldest: index.oldest, newest: index.newest };
      // Asked for a moment the window no longer holds: its oldest moment.
      if (index.oldest !== null && from < index.oldest) from = index.oldest;
      nextAt = from;
      listed = index.segments.filter((segment) => segment.start + segment.duration > from + 0.5);
      if (listed.length > 0 || index.newest === null || page + pageMs >= index.newest) return;
      page += pageMs;
    }
  }

  /** The frames of `segment` from `nextAt` on (a frame that holds that moment included). */
  async function framesOf(segment: RewindSegment): Promise<{ frames: Mp3Frame[]; hostMs: number }> {
    const res = await fetcher(segment.url, { signal: controller.signal });
    if (!res.ok) throw new Error(`${res.status} for ${segment.url}`);
    const frames = wholeFrames(new Uint8Array(await res.arrayBuffer()));
    const from = nextAt ?? segment.start;
    let hostMs = segment.start;
    let skip = 0;
    while (skip < frames.length) {
      const ms = frameSeconds(frames[skip] as Mp3Frame) * 1000;
      if (hostMs + ms > from + 0.5) break;
      hostMs += ms;
      skip++;
    }
    return { frames: frames.slice(skip), hostMs };
  }

  async function fill() {
    if (stopped || filling) return;
    filling = true;
    try {
      while (!stopped && appender.mediaEnd - audio.currentTime < aheadSeconds) {
        if (listed.length === 0) await list();
        const segment = listed.shift();
        // At the newest segment: the next comes within its 6 s.
        if (!segment) break;
        const { frames, hostMs } = await framesOf(segment);
        if (stopped) return;
        if (frames.length > 0) {
          runs.push({ mediaTime: appender.mediaEnd, hostMs });
          appender.append(frames);
        }
        nextAt = segment.start + segment.duration;
      }
      down = false;
      failures = 0;
    } catch (error) {
      if (stopped) return;
      down = true;
      failures++;
      // A relay that cannot start (off, or the recording stopped): live from the host instead.
      if (
        start.at === "live" &&
        runs.length === 0 &&
        (error instanceof RelayUnavailable || failures >= relayFailuresMax)
      ) {
        events.onUnsupported(`the relay cannot play: ${String(error)}`);
        return;
      }
      // A segment pruned while listed, or a network loss: list again from where it stands.
      listed = [];
      console.warn("Rewind: a request failed; trying again", error);
      schedule(retryMs);
      return;
    } finally {
      filling = false;
    }
    schedule(tickMs);
  }

  function schedule(ms: number) {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void fill(), ms);
  }

  const governor = startGovernor(
    audio,
    () => ({ down, mediaEnd: appender.mediaEnd }),
    (starving) => events.onStarving(starving),
  );
  void fill();

  return {
    /** The host moment being heard now (ms), or null before the first audio. */
    positionMs(): number | null {
      const t = audio.currentTime;
      let run: (typeof runs)[number] | undefined;
      for (const candidate of runs) if (candidate.mediaTime <= t + 1e-3) run = candidate;
      return run ? run.hostMs + (t - run.mediaTime) * 1000 : null;
    },
    /** How late the listener hears the host, by the server's clock as the live updates know it. */
    delayMs(): number | null {
      const at = this.positionMs();
      return at === null ? null : Math.max(0, serverNowMs() - at);
    },
    /** The recorded window as last seen (host ms). */
    window: () => window,
    get down() {
      return down;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(governor);
      controller.abort();
      audio.playbackRate = 1;
    },
  };
}

class RelayUnavailable extends Error {}
