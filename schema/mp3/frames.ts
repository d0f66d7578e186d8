// MPEG audio (MP3) framing, shared by the player's engine and the rewind recorder: an Icecast
// stream starts mid-frame and arrives in arbitrary chunks; both keep whole frames only, so they can
// join two connections at a frame boundary and count time exactly (a frame is a fixed number of
// samples).

export type Mp3Frame = {
  bytes: Uint8Array;
  sampleRate: number;
  /** Samples per channel in this frame: 1152 (MPEG-1) or 576 (MPEG-2 and 2.5). */
  samples: number;
  channels: 1 | 2;
  /** kb/s of this frame. */
  bitrate: number;
  /** 1 for MPEG-1, 2 for MPEG-2 and 2.5 (the MP4 object type differs). */
  mpegVersion: 1 | 2;
};

const bitratesV1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const bitratesV2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const sampleRatesV1 = [44100, 48000, 32000];

type Header = Omit<Mp3Frame, "bytes"> & { length: number };

/** The Layer III frame header at `i`, or null when these four bytes are not one. */
export function readHeader(data: Uint8Array, i: number): Header | null {
  const b1 = data[i + 1] ?? 0;
  const b2 = data[i + 2] ?? 0;
  const b3 = data[i + 3] ?? 0;
  if (data[i] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 0: MPEG-2.5, 1: reserved, 2: MPEG-2, 3: MPEG-1
  const layer = (b1 >> 1) & 3; // 1: Layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null;
  const v1 = version === 3;
  const bitrate = (v1 ? bitratesV1 : bitratesV2)[bitrateIndex] ?? 0;
  const sampleRate = (sampleRatesV1[rateIndex] ?? 0) / (v1 ? 1 : version === 2 ? 2 : 4);
  const padding = (b2 >> 1) & 1;
  const samples = v1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding;
  return { length, sampleRate, samples, bitrate, channels: b3 >> 6 === 3 ? 1 : 2, mpegVersion: v1 ? 1 : 2 };
}

/** Two headers that can follow each other in one stream. */
function sameStream(a: Header, b: Header): boolean {
  return a.sampleRate === b.sampleRate && a.samples === b.samples;
}

/**
 * Cuts a byte stream into whole frames. A frame counts once the next frame's header follows it,
 * so bytes that only look like a header (inside another frame) are not taken for one.
 */
export function createMp3Framer() {
  let pending = new Uint8Array(0);
  /** Synchronised: the bytes at 0 of `pending` begin a frame. */
  let synced = false;
  return {
    push(chunk: Uint8Array): Mp3Frame[] {
      const data = pending.length === 0 ? chunk : concat(pending, chunk);
      const frames: Mp3Frame[] = [];
      let i = 0;
      while (i + 4 <= data.length) {
        const header = readHeader(data, i);
        if (!header) {
          if (synced) synced = false;
          i++;
          continue;
        }
        const end = i + header.length;
        if (end + 4 > data.length) break; // wait for the next header to confirm this one
        const next = readHeader(data, end);
        if (!next || !sameStream(header, next)) {
          synced = false;
          i++;
          continue;
        }
        synced = true;
        const { length: _length, ...info } = header;
        frames.push({ ...info, bytes: data.slice(i, end) });
        i = end;
      }
      pending = data.slice(i);
      // Never hold more than a few frames of garbage: a stream that is not MP3 is refused by its caller.
      if (!synced && pending.length > 16_384) pending = pending.slice(pending.length - 4);
      return frames;
    },
  };
}

/**
 * The frames of bytes made of whole frames (a rewind segment): each header gives the next one's
 * place, so the last frame needs none after it. Stops at the first bytes that are not a frame.
 */
export function wholeFrames(data: Uint8Array): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  let i = 0;
  while (i + 4 <= data.length) {
    const header = readHeader(data, i);
    if (!header || i + header.length > data.length) break;
    const { length, ...info } = header;
    frames.push({ ...info, bytes: data.subarray(i, i + length) });
    i += length;
  }
  return frames;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Seconds of audio in `frame`. */
export const frameSeconds = (frame: Pick<Mp3Frame, "samples" | "sampleRate">): number =>
  frame.samples / frame.sampleRate;
