// A stream cut into rewind segments, across connections (ADR 040). Each connection to the host's
// mount brings whole MP3 frames; the recording keeps them on one timeline and closes a segment
// every `segmentMs`. A new connection is held until the last frames recorded recur in it (the
// host's burst repeats what it sent just before): then it continues the timeline frame-exactly,
// with nothing doubled and nothing lost. Where they never recur (an outage longer than the burst,
// or a host that restarted its encoder), a new timeline starts and the break is recorded as a gap.
import { frameSeconds, type Mp3Frame } from "#schema/mp3/frames.ts";
import { indexAfter, matchFrames } from "#schema/mp3/join.ts";

export type Segment = {
  /** When its first frame was live on the host, in ms since the epoch. */
  startMs: number;
  durationMs: number;
  bytes: Uint8Array;
  frames: number;
  /** True when it follows the previous segment frame-exactly; false after a break. */
  joined: boolean;
  /** After a break: how long nothing was recorded before it (0 when the new audio overlaps). */
  gapBeforeMs: number;
  /** The in-band title at its first frame, and each change inside it. */
  title: string | null;
  titles: { atMs: number; title: string }[];
};

/** What a recording needs from the one before it to join the next connection (kept in storage). */
export type RecordingTail = { frames: Uint8Array[]; endMs: number; title: string | null };

/**
 * One unbroken run of audio: its position 0's host moment (estimated by its first connection until
 * its first segment is closed, then fixed, so every segment follows the last exactly).
 */
type Timeline = { origin: () => number; fixedOrigin?: number; positionMs: number; fresh: boolean };
type OpenSegment = {
  frames: Mp3Frame[];
  startPosition: number;
  durationMs: number;
  joined: boolean;
  title: string | null;
  titles: { position: number; title: string }[];
  timeline: Timeline;
};

const frameMs = (frame: Mp3Frame) => frameSeconds(frame) * 1000;

export function createRecording({
  segmentMs,
  joinWindowMs,
  tail,
}: {
  segmentMs: number;
  /** How much of a new connection to hold while looking for the last frames recorded. */
  joinWindowMs: number;
  tail: RecordingTail | null;
}) {
  const lastFrames: Uint8Array[] = tail?.frames.slice(-matchFrames) ?? [];
  let endMs: number | null = tail?.endMs ?? null;
  let title: string | null = tail?.title ?? null;
  let timeline: Timeline | null = null;
  let open: OpenSegment | null = null;

  function close(): Segment | null {
    const segment = open;
    open = null;
    if (!segment || segment.frames.length === 0) return null;
    segment.timeline.fixedOrigin ??= segment.timeline.origin();
    const origin = segment.timeline.fixedOrigin;
    const startMs = origin + segment.startPosition;
    const bytes = new Uint8Array(segment.frames.reduce((sum, frame) => sum + frame.bytes.length, 0));
    let at = 0;
    for (const frame of segment.frames) {
      bytes.set(frame.bytes, at);
      at += frame.bytes.length;
    }
    const gapBeforeMs = segment.joined || endMs === null ? 0 : Math.max(0, startMs - endMs);
    endMs = startMs + segment.durationMs;
    return {
      startMs,
      durationMs: segment.durationMs,
      bytes,
      frames: segment.frames.length,
      joined: segment.joined,
      gapBeforeMs,
      title: segment.title,
      titles: segment.titles.map((mark) => ({ atMs: origin + mark.position, title: mark.title })),
    };
  }

  /** Appends frames to the timeline, closing each segment as it fills. */
  function keep(frames: Mp3Frame[], on: Timeline, out: Segment[]) {
    for (const frame of frames) {
      if (!open) {
        open = {
          frames: [],
          startPosition: on.positionMs,
          durationMs: 0,
          joined: !on.fresh,
          title,
          titles: pending ? [{ position: on.positionMs - pending.earlierMs, title: pending.title }] : [],
          timeline: on,
        };
        pending = null;
        on.fresh = false;
      }
      open.frames.push(frame);
      open.durationMs += frameMs(frame);
      on.positionMs += frameMs(frame);
      lastFrames.push(frame.bytes);
      if (lastFrames.length > matchFrames) lastFrames.shift();
      if (open.durationMs >= segmentMs) {
        const done = close();
        if (done) out.push(done);
      }
    }
  }

  /** A change heard between segments: marked in the next one, where its first frame starts. */
  let pending: { title: string; earlierMs: number } | null = null;

  /** A title change, heard `earlierMs` after it was made (where the host could first send it). */
  function noteTitle(next: string, earlierMs: number) {
    if (next === title) return;
    const first = title === null;
    title = next;
    // The first title heard names what was already playing: no track started there.
    if (first) return;
    if (open) open.titles.push({ position: open.timeline.positionMs - earlierMs, title: next });
    else pending = { title: next, earlierMs };
  }

  return {
    /** A new connection to the mount: its frames and titles go through what it returns. */
    connect() {
      // A connection's audio at position p was live at base + p; base is the smallest
      // (arrival - audio received so far), the quickest delivery (ADR 030's clock).
      let base = Number.POSITIVE_INFINITY;
      let receivedMs = 0;
      let joining = lastFrames.length === matchFrames;
      let held: Mp3Frame[] = [];
      let heldMs = 0;
      let heldTitles: { index: number; title: string; earlierMs: number }[] = [];
      let carriedOut = false;
      const own: Timeline = { origin: () => base, positionMs: 0, fresh: true };
      // A segment the last connection left open belongs to its timeline: closed before this one's frames.
      const carried = close();
      if (!joining) timeline = own;

      /** Keeps `frames` from held index `from` on, with the titles that came among them. */
      function release(from: number, on: Timeline, out: Segment[]) {
        let index = from;
        for (const mark of heldTitles) if (mark.index <= from) noteTitle(mark.title, mark.earlierMs);
        for (const mark of heldTitles.filter((m) => m.index > from)) {
          keep(held.slice(index, mark.index), on, out);
          noteTitle(mark.title, mark.earlierMs);
          index = mark.index;
        }
        keep(held.slice(index), on, out);
        held = [];
        heldTitles = [];
        joining = false;
      }

      return {
        push(frames: Mp3Frame[], arrivalMs: number): Segment[] {
          const out: Segment[] = [];
          if (carried && !carriedOut) {
            carriedOut = true;
            out.push(carried);
          }
          for (const frame of frames) receivedMs += frameMs(frame);
          base = Math.min(base, arrivalMs - receivedMs);
          if (!joining) {
            keep(frames, timeline ?? own, out);
            return out;
          }
          held.push(...frames);
          for (const frame of frames) heldMs += frameMs(frame);
          const after = indexAfter(held, lastFrames);
          if (after >= 0) {
            // The same bytes again: the timeline goes on from the frame after them.
            // Joined to a tail from storage: position 0 is where the recording ended.
            if (!timeline) {
              const from = endMs ?? base;
              timeline = { origin: () => from, positionMs: 0, fresh: false };
            }
            release(after, timeline, out);
          } else if (heldMs >= joinWindowMs) {
            // Not in the burst: what was missed is lost. A new timeline starts, after a gap.
            const ended = close();
            if (ended) out.push(ended);
            timeline = own;
            release(0, own, out);
          }
          return out;
        },
        /**
         * The stream's title now, heard before the frames pushed next; `earlierMs`: how long
         * before that the change is likeliest to have been made (the host sends titles only
         * every so many bytes).
         */
        title(next: string, earlierMs = 0) {
          if (joining) heldTitles.push({ index: held.length, title: next, earlierMs });
          else noteTitle(next, earlierMs);
        },
        /** The connection ended: the open segment is closed (frames still held are unverified). */
        end(): Segment[] {
          held = [];
          heldTitles = [];
          const out = carried && !carriedOut ? [carried] : [];
          carriedOut = true;
          const last = close();
          return last ? [...out, last] : out;
        },
      };
    },
    /** What the next recording needs to join its first connection to this one. */
    tail(): RecordingTail | null {
      return endMs === null || lastFrames.length < matchFrames
        ? null
        : { frames: [...lastFrames], endMs, title };
    },
  };
}
