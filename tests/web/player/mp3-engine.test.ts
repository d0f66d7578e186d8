/// <reference types="node" />
// @vitest-environment node
// The MSE engine's framing and MP4 wrapping, on real MP3 made by ffmpeg (as the station's is):
// a stream joined mid-frame in arbitrary chunks is cut into exactly the encoder's frames, and the
// fragmented MP4 Firefox needs is one ffmpeg itself reads back as the same audio.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMp3Framer, frameSeconds, type Mp3Frame, readHeader } from "#schema/mp3/frames.ts";
import { indexAfter } from "#schema/mp3/join.ts";
import { initSegment, mediaSegment } from "#web/features/player/engine/fmp4.ts";

const work = mkdtempSync(join(tmpdir(), "mp3-engine-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function encode(bitrate: string, seconds: number, sampleRate = 44100): Uint8Array {
  return execFileSync(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:sample_rate=${sampleRate}:duration=${seconds}`,
    ].concat([
      "-ac",
      "2",
      "-c:a",
      "libmp3lame",
      "-b:a",
      bitrate,
      "-write_xing",
      "0",
      "-id3v2_version",
      "0",
      "-f",
      "mp3",
      "pipe:1",
    ]),
    { maxBuffer: 64 * 1024 * 1024 },
  );
}

/** The frames' offsets in `bytes`, by walking the headers from the first byte (a whole file). */
function frameOffsets(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; ) {
    const header = readHeader(bytes, i);
    if (!header) throw new Error(`no frame header at ${i}`);
    offsets.push(i);
    i += header.length;
  }
  return offsets;
}

function pushInChunks(bytes: Uint8Array, sizes: number[]): Mp3Frame[] {
  const framer = createMp3Framer();
  const frames: Mp3Frame[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    frames.push(...framer.push(bytes.subarray(at, at + size)));
    at += size;
  }
  return frames;
}

describe("MP3 framing", () => {
  it("cuts a 320 kbps stream joined mid-frame, in chunks of any size, into exactly the encoder's frames after the first whole one", () => {
    const file = encode("320k", 3);
    const offsets = frameOffsets(file);
    const joinedAt = (offsets[3] ?? 0) + 417; // inside the fourth frame, as Icecast's burst starts
    const stream = file.subarray(joinedAt);
    for (const sizes of [[1], [7, 1000, 3], [4096], [stream.length]]) {
      const frames = pushInChunks(stream, sizes);
      const expected = offsets.filter((o) => o > joinedAt);
      // The last frame waits for a following header that never comes.
      expect(frames).toHaveLength(expected.length - 1);
      expect(Buffer.from(frames[0]?.bytes ?? []).equals(file.subarray(expected[0], expected[1]))).toBe(true);
      expect(frames.every((f) => f.sampleRate === 44100 && f.samples === 1152 && f.bitrate === 320)).toBe(
        true,
      );
    }
  });

  it("refuses bytes that are not MPEG audio: no frame comes out of noise", () => {
    const noise = new Uint8Array(64 * 1024);
    let seed = 7;
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      noise[i] = seed >>> 24;
    }
    expect(pushInChunks(noise, [1500])).toEqual([]);
  });

  it("counts time in frames: 64 kbps MPEG-2 at 22.05 kHz has 576 samples a frame", () => {
    const frames = pushInChunks(encode("64k", 2, 22050), [999]);
    expect(frames[0]).toMatchObject({ sampleRate: 22050, samples: 576, mpegVersion: 2 });
    const seconds = frames.reduce((sum, f) => sum + frameSeconds(f), 0);
    expect(seconds).toBeGreaterThan(1.9);
    expect(seconds).toBeLessThan(2.1);
  });
});

describe("joining a reconnect to the same mount", () => {
  it("finds, byte for byte, where the last frames appended recur in the new connection's burst", () => {
    const frames = pushInChunks(encode("320k", 2), [4096]);
    const appended = frames
      .slice(0, 40)
      .map((f) => f.bytes)
      .slice(-3);
    // The new connection's burst starts 25 frames in: the join is after frame 39, its 15th.
    expect(indexAfter(frames.slice(25), appended)).toBe(15);
    // A burst that begins after them (a longer outage) has no overlap.
    expect(indexAfter(frames.slice(41), appended)).toBe(-1);
  });
});

describe("MP3 in fragmented MP4", () => {
  it("is read back by ffmpeg as MP3 audio of the frames' duration, in two fragments", () => {
    const frames = pushInChunks(encode("128k", 4), [5000]);
    const half = Math.floor(frames.length / 2);
    const first = frames.slice(0, half);
    const second = frames.slice(half);
    const samplesBefore = first.reduce((sum, f) => sum + f.samples, 0);
    const mp4 = Buffer.concat([
      initSegment(frames[0] as Mp3Frame),
      mediaSegment(first, 1, 0),
      mediaSegment(second, 2, samplesBefore),
    ]);
    const path = join(work, "stream.mp4");
    writeFileSync(path, mp4);
    const probe = JSON.parse(
      execFileSync("ffprobe", [
        "-v",
        "error",
        "-show_streams",
        "-count_packets",
        "-of",
        "json",
        path,
      ]).toString(),
    ) as {
      streams: { codec_name: string; sample_rate: string; channels: number; nb_read_packets: string }[];
    };
    expect(probe.streams).toHaveLength(1);
    expect(probe.streams[0]).toMatchObject({ codec_name: "mp3", sample_rate: "44100", channels: 2 });
    expect(Number(probe.streams[0]?.nb_read_packets)).toBe(frames.length);
    // Decoded whole, without an error.
    const pcm = execFileSync(
      "ffmpeg",
      ["-v", "error", "-xerror", "-i", path, "-f", "s16le", "-ac", "1", "pipe:1"],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const decodedSeconds = pcm.length / 2 / 44100;
    const framesSeconds = frames.reduce((sum, f) => sum + frameSeconds(f), 0);
    expect(Math.abs(decodedSeconds - framesSeconds)).toBeLessThan(0.06);
  });
});
