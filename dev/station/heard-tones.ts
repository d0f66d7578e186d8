// Which of the local station's tones sounds when, in MP3 it sent: decoded by ffmpeg, the tone of
// every 10 ms window found by the Goertzel filter. Used by the end-to-end tone listener and by
// bench:rewind (the first audible moment of a track in the recording).
import { spawn } from "node:child_process";
import { playlist } from "./playlist.ts";

export const sampleRate = 44100;
/** One analysis window: 10 ms. */
export const windowSamples = sampleRate / 100;
const tones = playlist.map((track) => track.tone);

/** The power of `hz` in the window (Goertzel), relative to the window's length. */
function power(samples: Int16Array, start: number, length: number, hz: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (let i = start; i < start + length; i++) {
    const value = (samples[i] ?? 0) / 32768 + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = value;
  }
  return (
    (previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious) / length
  );
}

/** The playlist tone that dominates each 10 ms window (null when none stands out). */
export function dominantTones(samples: Int16Array): (number | null)[] {
  const result: (number | null)[] = [];
  for (let start = 0; start + windowSamples <= samples.length; start += windowSamples) {
    const powers = tones.map((hz) => power(samples, start, windowSamples * 2, hz));
    const sorted = [...powers].sort((a, b) => b - a);
    const best = powers.indexOf(sorted[0] ?? 0);
    result.push((sorted[0] ?? 0) > 4 * (sorted[1] ?? 0) ? (tones[best] ?? null) : null);
  }
  return result;
}

export function decodeMp3(bytes: Buffer): Promise<Int16Array> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn("ffmpeg", [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "mp3",
      "-i",
      "pipe:0",
      "-f",
      "s16le",
      "-ac",
      "1",
      "-ar",
      String(sampleRate),
      "pipe:1",
    ]);
    const out: Buffer[] = [];
    ffmpeg.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    ffmpeg.on("error", reject);
    ffmpeg.on("close", () => {
      const pcm = Buffer.concat(out);
      resolve(new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2)));
    });
    ffmpeg.stdin.end(bytes);
  });
}
