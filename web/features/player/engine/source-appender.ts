// The SourceBuffer side of the MSE stream (mse-stream.ts, ADR 030): MP3 frames in, as MP3 or as
// fragmented MP4 where the browser takes MP3 only that way (Firefox), appended one after the other
// on one media timeline; audio long played is trimmed so an hour of radio holds no hour in memory.

import { frameSeconds, type Mp3Frame } from "#schema/mp3/frames.ts";
import { fmp4MimeType, initSegment, mediaSegment } from "./fmp4";

/** Audio kept behind the playing position (for memory), and trimmed this often. */
const keepBehindSeconds = 20;

/** The type `Source` takes MP3 in: plain, else inside MP4 (Firefox); null when neither. */
export function mp3MimeType(Source: Pick<typeof MediaSource, "isTypeSupported">): string | null {
  if (Source.isTypeSupported("audio/mpeg")) return "audio/mpeg";
  if (Source.isTypeSupported(fmp4MimeType)) return fmp4MimeType;
  return null;
}

function joinBytes(frames: Mp3Frame[]): Uint8Array {
  const out = new Uint8Array(frames.reduce((n, f) => n + f.bytes.length, 0));
  let at = 0;
  for (const frame of frames) {
    out.set(frame.bytes, at);
    at += frame.bytes.length;
  }
  return out;
}

export function createAppender(
  audio: HTMLAudioElement,
  mediaSource: MediaSource,
  onUnsupported: (reason: string) => void,
  stopped: () => boolean,
) {
  const mime = mp3MimeType(mediaSource.constructor as typeof MediaSource) ?? "audio/mpeg";
  let buffer: SourceBuffer | null = null;
  const queue: Uint8Array[] = [];
  /** Seconds appended to the media timeline, counted in frames (the fMP4 decode times use it). */
  let mediaEnd = 0;
  let sampleClock = 0;
  let sequence = 1;
  let initDone = false;
  let lastTrim = 0;

  function append(frames: Mp3Frame[]) {
    const first = frames[0] as Mp3Frame;
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
    if (stopped() || !buffer || buffer.updating || queue.length === 0) return;
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
      onUnsupported(`appending failed: ${String(error)}`);
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

  const onSourceOpen = () => {
    if (stopped() || buffer) return;
    try {
      buffer = mediaSource.addSourceBuffer(mime);
      buffer.mode = "sequence";
    } catch (error) {
      onUnsupported(`no SourceBuffer for ${mime}: ${String(error)}`);
      return;
    }
    buffer.addEventListener("updateend", pump);
    buffer.addEventListener("error", () => onUnsupported("the SourceBuffer reported an error"));
    pump();
  };
  if (mediaSource.readyState === "open") onSourceOpen();
  else mediaSource.addEventListener("sourceopen", onSourceOpen, { once: true });

  return {
    append,
    /** Seconds on the media timeline: the end of what was appended. */
    get mediaEnd() {
      return mediaEnd;
    },
  };
}
