// Listens to one of the local station's mounts as a player would (ICY metadata on) and says when
// each track's tone and each in-band title reached it: the bytes are kept with their arrival
// times, decoded by ffmpeg afterwards, and the tone of every 10 ms found by the Goertzel filter.
import { decodeMp3, dominantTones } from "#dev/station/heard-tones.ts";

export type HeardChange = { tone: number; at: number };
export type TitleChange = { title: string; at: number };
export type Recording = { tones: HeardChange[]; titles: TitleChange[]; bitrate: number };

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
