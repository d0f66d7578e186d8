// MP3 frames in fragmented MP4 (ISO/IEC 14496-12 and -14), for browsers whose Media Source
// Extensions take MP3 only inside MP4 (Firefox: `audio/mp4; codecs="mp3"`). One track, each MP3
// frame one sample; an init segment once, then a moof+mdat per append.
import type { Mp3Frame } from "#schema/mp3/frames.ts";

type Bytes = Uint8Array | number[];

function box(type: string, ...parts: Bytes[]): Uint8Array {
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  let at = 8;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const u64 = (n: number) => [...u32(Math.floor(n / 2 ** 32)), ...u32(n >>> 0)];
const zeros = (n: number) => new Array<number>(n).fill(0);
/** A full box's version and flags. */
const full = (version: number, flags: number) => [version, ...u32(flags).slice(1)];
/** An MPEG-4 descriptor: tag, a one-byte length (every one here is short), payload. */
const descriptor = (tag: number, payload: number[]) => [tag, payload.length, ...payload];

const unityMatrix = [...u32(0x10000), ...zeros(12), ...u32(0x10000), ...zeros(12), ...u32(0x40000000)];

export const fmp4MimeType = 'audio/mp4; codecs="mp3"';

/** ftyp and moov for a stream of frames like `frame`. */
export function initSegment(frame: Mp3Frame): Uint8Array {
  const { sampleRate, channels } = frame;
  const esds = box(
    "esds",
    full(0, 0),
    descriptor(3, [
      ...u16(1), // ES_ID
      0,
      ...descriptor(4, [
        frame.mpegVersion === 1 ? 0x6b : 0x69, // MPEG-1 or MPEG-2 audio
        0x15, // audio stream
        ...zeros(3), // buffer size
        ...u32(frame.bitrate * 1000),
        ...u32(frame.bitrate * 1000),
      ]),
      ...descriptor(6, [2]),
    ]),
  );
  const mp4a = box(
    "mp4a",
    zeros(6),
    u16(1), // data reference index
    zeros(8),
    u16(channels),
    u16(16),
    zeros(4),
    u32(sampleRate * 0x10000),
    esds,
  );
  const emptyTable = (type: string, extra: number[] = []) => box(type, full(0, 0), extra, u32(0));
  const stbl = box(
    "stbl",
    box("stsd", full(0, 0), u32(1), mp4a),
    emptyTable("stts"),
    emptyTable("stsc"),
    emptyTable("stsz", u32(0)),
    emptyTable("stco"),
  );
  const minf = box(
    "minf",
    box("smhd", full(0, 0), zeros(4)),
    box("dinf", box("dref", full(0, 0), u32(1), box("url ", full(0, 1)))),
    stbl,
  );
  const mdia = box(
    "mdia",
    box("mdhd", full(0, 0), zeros(8), u32(sampleRate), u32(0), u16(0x55c4), zeros(2)),
    box(
      "hdlr",
      full(0, 0),
      zeros(4),
      [..."soun"].map((c) => c.charCodeAt(0)),
      zeros(12),
      [0],
    ),
    minf,
  );
  const tkhd = box(
    "tkhd",
    full(0, 3),
    zeros(8),
    u32(1),
    zeros(4),
    u32(0),
    zeros(8),
    zeros(4),
    u16(0x100),
    zeros(2),
    unityMatrix,
    zeros(8),
  );
  const moov = box(
    "moov",
    box(
      "mvhd",
      full(0, 0),
      zeros(8),
      u32(1000),
      u32(0),
      u32(0x10000),
      u16(0x100),
      zeros(10),
      unityMatrix,
      zeros(24),
      u32(2),
    ),
    box("trak", tkhd, mdia),
    box("mvex", box("trex", full(0, 0), u32(1), u32(1), zeros(12))),
  );
  const ftyp = box(
    "ftyp",
    [..."isom"].map((c) => c.charCodeAt(0)),
    u32(0x200),
    [..."isomiso6mp41"].map((c) => c.charCodeAt(0)),
  );
  const out = new Uint8Array(ftyp.length + moov.length);
  out.set(ftyp, 0);
  out.set(moov, ftyp.length);
  return out;
}

/** A moof+mdat holding `frames`, the first decoded at `baseTime` (in samples). */
export function mediaSegment(frames: Mp3Frame[], sequence: number, baseTime: number): Uint8Array {
  const samples = frames.flatMap((f) => [...u32(f.samples), ...u32(f.bytes.length)]);
  const traf = (dataOffset: number) =>
    box(
      "traf",
      box("tfhd", full(0, 0x020000), u32(1)),
      box("tfdt", full(1, 0), u64(baseTime)),
      box("trun", full(0, 0x000301), u32(frames.length), u32(dataOffset), samples),
    );
  const moofSize = 8 + box("mfhd", full(0, 0), u32(sequence)).length + traf(0).length;
  // The data offset counts from the moof's first byte to the first sample in the mdat.
  const moof = box("moof", box("mfhd", full(0, 0), u32(sequence)), traf(moofSize + 8));
  const mdat = box("mdat", ...frames.map((f) => f.bytes));
  const out = new Uint8Array(moof.length + mdat.length);
  out.set(moof, 0);
  out.set(mdat, moof.length);
  return out;
}
