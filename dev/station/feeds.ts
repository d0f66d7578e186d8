// The three ffmpeg feeds that put the station's generated audio (tone.ts) on the Icecast mounts,
// and the playlist position whose title and tone they all carry: start and stop one feed, rotate
// the track on every feed.
import { type ChildProcess, spawn } from "node:child_process";
import { mountOf, mountsOnline, readSources, updateTitle } from "./icecast.ts";
import { type PlaylistTrack, playlist } from "./playlist.ts";
import { pcmInputArgs, startToneGenerator } from "./tone.ts";
import { startupTimeoutMs, waitFor } from "./wait-for.ts";

export type Quality = "hd" | "sd" | "mobile";
export type Feed = {
  quality: Quality;
  mount: string;
  bitrate: string;
  /**
   * How long this feed's audio takes from the generator to a listener (ffmpeg's input packets,
   * LAME's frames, Icecast), measured here: its title is set this much after the tone switches,
   * so a listener meets both at the same point of the stream (tests/e2e/station-tones.spec.ts).
   */
  latencyMs: number;
  process?: ChildProcess;
};

function ffmpegArgs(feed: Feed, port: number, sourcePassword: string): string[] {
  return [
    "-hide_banner",
    "-loglevel",
    "error",
    "-fflags",
    "nobuffer",
    ...pcmInputArgs,
    "-i",
    "pipe:0",
    "-ac",
    "2",
    "-c:a",
    "libmp3lame",
    "-b:a",
    feed.bitrate,
    "-reservoir",
    "0",
    // Each MP3 frame goes to Icecast as soon as it is encoded, not in 32 KB blocks (4 s at 64 kbps).
    "-flush_packets",
    "1",
    "-content_type",
    "audio/mpeg",
    "-ice_name",
    `Local station (${feed.quality})`,
    "-f",
    "mp3",
    `icecast://source:${sourcePassword}@127.0.0.1:${port}${feed.mount}`,
  ];
}

export type FeedsOptions = {
  streamUrls: Record<Quality, URL>;
  icecastUrl: string;
  port: number;
  sourcePassword: string;
  adminPassword: string;
  /** The station's live child processes: each ffmpeg joins it while it runs, so stop can end it. */
  children: Set<ChildProcess>;
  log: (line: string) => void;
};

export type Feeds = ReturnType<typeof createFeeds>;
/** When a rotation switched the tone, and when it set each mount's title (Date.now()). */
export type Rotation = { toneAt: number; titledAt: Partial<Record<Quality, number>> };

export function createFeeds(opts: FeedsOptions) {
  const { streamUrls, icecastUrl, port, sourcePassword, adminPassword, children, log } = opts;
  const feeds: Record<Quality, Feed> = {
    hd: { quality: "hd", mount: streamUrls.hd.pathname, bitrate: "320k", latencyMs: 80 },
    sd: { quality: "sd", mount: streamUrls.sd.pathname, bitrate: "128k", latencyMs: 120 },
    mobile: { quality: "mobile", mount: streamUrls.mobile.pathname, bitrate: "64k", latencyMs: 170 },
  };

  let position = 0;
  const trackAt = (i: number): PlaylistTrack => {
    const track = playlist[i % playlist.length];
    if (!track) throw new Error("the playlist is empty");
    return track;
  };
  const current = () => trackAt(position);
  const next = () => trackAt(position + 1);
  const tone = startToneGenerator(current().tone);
  /** Set when the station stops: no feed starts again after that. */
  let closed = false;
  /** Feeds that died by themselves: the restart due, and its delay (longer each time; a stop forgets it). */
  const restarts = new Map<Feed, { timer: ReturnType<typeof setTimeout>; delayMs: number }>();

  async function setTitle(feed: Feed): Promise<void> {
    const track = current();
    await updateTitle(icecastUrl, adminPassword, feed.mount, `${track.artist} - ${track.title}`);
  }

  async function startFeed(feed: Feed): Promise<void> {
    if (closed || feed.process) return;
    const child = spawn("ffmpeg", ffmpegArgs(feed, port, sourcePassword), {
      stdio: ["pipe", "ignore", "pipe"],
    });
    feed.process = child;
    children.add(child);
    tone.attach(child.stdin);
    child.stderr?.on("data", (chunk) => log(`ffmpeg ${feed.quality}: ${String(chunk).trim()}`));
    child.on("exit", (code, signal) => {
      tone.detach(child.stdin);
      children.delete(child);
      // stopFeed lets go of its process before it kills it: anything else is a feed that died by
      // itself (Icecast drops a source silent for 10 s, as on a machine too busy to feed it).
      if (feed.process !== child) return;
      feed.process = undefined;
      if (closed) return;
      // 1 s, then twice as long at each death of the same feed, up to 10 s (Icecast may be gone).
      const delay = Math.min((restarts.get(feed)?.delayMs ?? 500) * 2, 10_000);
      log(`ffmpeg ${feed.quality} exited (${signal ?? code}); starting it again in ${delay} ms`);
      const timer = setTimeout(() => {
        startFeed(feed).catch((err) => log(`restarting ${feed.quality} failed: ${err}`));
      }, delay);
      restarts.set(feed, { timer, delayMs: delay });
    });
    await waitFor(
      async () => (await mountsOnline(icecastUrl)).has(feed.mount),
      startupTimeoutMs,
      `mount ${feed.mount}`,
    );
    // A fresh source may overwrite a title set too early; set it until Icecast reports it.
    // The expected title is read each time: the playlist may rotate meanwhile.
    await waitFor(
      async () => {
        const expected = `${current().artist} - ${current().title}`;
        await setTitle(feed);
        await new Promise((r) => setTimeout(r, 150));
        const source = (await readSources(icecastUrl)).find((s) => mountOf(s) === feed.mount);
        return source?.title === expected;
      },
      startupTimeoutMs,
      `the title on ${feed.mount}`,
    );
  }

  async function stopFeed(feed: Feed): Promise<void> {
    // A feed stopped on purpose is not started again by a restart still waiting.
    clearTimeout(restarts.get(feed)?.timer);
    restarts.delete(feed);
    const child = feed.process;
    if (!child) return;
    feed.process = undefined;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    await waitFor(
      async () => !(await mountsOnline(icecastUrl)).has(feed.mount),
      10_000,
      `mount ${feed.mount} to go away`,
    );
  }

  /**
   * Moves to the next title; resolves once Icecast's status reports it on every mount on air.
   * Rotations run one at a time, so the timer's and a /rotate call's updates never cross.
   */
  let rotating: Promise<Rotation> = Promise.resolve({ toneAt: 0, titledAt: {} });
  function rotate(): Promise<Rotation> {
    rotating = rotating.catch(() => ({ toneAt: 0, titledAt: {} })).then(rotateNow);
    return rotating;
  }

  async function rotateNow(): Promise<Rotation> {
    position += 1;
    const live = Object.values(feeds).filter((f) => f.process);
    // The music changes from the next sample written on; each mount's title when that sample
    // reaches its listeners.
    const toneAt = Date.now();
    tone.setTone(current().tone);
    const titledAt: Rotation["titledAt"] = {};
    await Promise.all(
      live.map(async (feed) => {
        await new Promise((r) => setTimeout(r, toneAt + feed.latencyMs - Date.now()));
        titledAt[feed.quality] = Date.now();
        await setTitle(feed);
      }),
    );
    // Icecast applies a metadata update a few hundred ms after answering it.
    const expected = `${current().artist} - ${current().title}`;
    await waitFor(
      async () => {
        const sources = await readSources(icecastUrl);
        return live.every((feed) => sources.find((s) => mountOf(s) === feed.mount)?.title === expected);
      },
      5000,
      "the rotated title",
    );
    log(`now playing: ${expected}`);
    return { toneAt, titledAt };
  }

  /** Stops the tone and any restart of a feed (the station is stopping). */
  function close(): void {
    closed = true;
    for (const { timer } of restarts.values()) clearTimeout(timer);
    restarts.clear();
    tone.stop();
  }

  return { feeds, current, next, startFeed, stopFeed, rotate, close };
}
