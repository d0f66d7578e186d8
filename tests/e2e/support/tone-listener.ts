// Listens to one of the local station's mounts as a player would (ICY metadata on) and says when
// each track's tone and each in-band title reached it: the bytes are kept with their arrival
// times, decoded by ffmpeg afterwards, and the tone of every 10 ms found by the Goertzel filter.
import { spawn } from "node:child_process";
import { playlist } from "#dev/station/playlist.ts";

export type HeardChange = { tone: number; at: number };
export type TitleChange = { title: string; at: number };
export type Recording = { tones: HeardChange[]; titles: TitleChange[]; bitrate: number };

const sampleRate = 44100;
const windowSamples = sampleRate / 100;
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

function decodeMp3(bytes: Buffer): Promise<Int16Array> {
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

/**
 * Records `url` (a constant `bitrate`, bits/s) for `ms` and says when (Date.now() of arrival) each tone and each in-band title
 * began. A tone counts once it holds for 50 ms; its arrival is that of its first window's bytes.
 */
export async function recordMount(url: string, bitrate: number, ms: number): Promise<Recording> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { "Icy-MetaData": "1" }, signal: controller.signal });
  const metaint = Number(res.headers.get("icy-metaint"));
  if (!res.body || !metaint) throw new Error(`${url} sent no ICY metadata`);
  const audio: Buffer[] = [];
  /** [audio bytes received so far, Date.now()] after each chunk. */
  const arrivals: [number, number][] = [];
  const titles: TitleChange[] = [];
  let audioBytes = 0;
  let untilMeta = metaint;
  let metaLeft = -1;
  let meta: number[] = [];
  const stopAt = Date.now() + ms;
  const reader = res.body.getReader();
  try {
    while (Date.now() < stopAt) {
      const { value, done } = await reader.read();
      if (done) break;
      const now = Date.now();
      let i = 0;
      while (i < value.length) {
        if (metaLeft === -1 && untilMeta > 0) {
          const take = Math.min(untilMeta, value.length - i);
          audio.push(Buffer.from(value.subarray(i, i + take)));
          audioBytes += take;
          untilMeta -= take;
          i += take;
        } else if (metaLeft === -1) {
          metaLeft = (value[i] ?? 0) * 16;
          meta = [];
          i++;
        } else {
          const take = Math.min(metaLeft, value.length - i);
          meta.push(...value.subarray(i, i + take));
          metaLeft -= take;
          i += take;
        }
        if (metaLeft === 0) {
          const title = /StreamTitle='(.*?)';/.exec(Buffer.from(meta).toString("utf8"))?.[1];
          if (title !== undefined && titles.at(-1)?.title !== title) titles.push({ title, at: now });
          metaLeft = -1;
          untilMeta = metaint;
        }
      }
      arrivals.push([audioBytes, now]);
    }
  } finally {
    controller.abort();
  }
  const bytes = Buffer.concat(audio);
  const windows = dominantTones(await decodeMp3(bytes));
  const bytesPerWindow = bitrate / 8 / 100;
  const arrivalOf = (byte: number) => arrivals.find(([received]) => received >= byte)?.[1] ?? Number.NaN;
  const heard: HeardChange[] = [];
  for (let w = 0; w + 5 <= windows.length; w++) {
    const tone = windows[w];
    if (tone === null || tone === undefined || heard.at(-1)?.tone === tone) continue;
    if (windows.slice(w, w + 5).every((t) => t === tone))
      heard.push({ tone, at: arrivalOf(w * bytesPerWindow) });
  }
  return { tones: heard, titles, bitrate };
}
