// The three ffmpeg feeds that put generated audio on the Icecast mounts, and the playlist
// position whose title they all carry: start and stop one feed, rotate the title on every feed.
import { type ChildProcess, spawn } from "node:child_process";
import { mountOf, mountsOnline, readSources, updateTitle } from "./icecast.ts";
import { type PlaylistTrack, playlist } from "./playlist.ts";
import { waitFor } from "./wait-for.ts";

export type Quality = "hd" | "sd" | "mobile";
export type Feed = {
  quality: Quality;
  mount: string;
  bitrate: string;
  sampleRate: number;
  process?: ChildProcess;
};

function ffmpegArgs(feed: Feed, port: number, sourcePassword: string): string[] {
  // A soft, slowly beating major seventh chord: generated audio, so nothing is downloaded.
  const chord =
    "0.08*sin(2*PI*220*t)+0.06*sin(2*PI*277.18*t)+0.05*sin(2*PI*329.63*t)+0.04*sin(2*PI*415.3*t)*(0.6+0.4*sin(2*PI*0.25*t))";
  return [
    "-nostdin",
    "-hide_banner",
    "-loglevel",
    "error",
    "-re",
    "-f",
    "lavfi",
    "-i",
    `aevalsrc=${chord}:s=${feed.sampleRate}`,
    "-ac",
    "2",
    "-c:a",
    "libmp3lame",
    "-b:a",
    feed.bitrate,
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

export function createFeeds(opts: FeedsOptions) {
  const { streamUrls, icecastUrl, port, sourcePassword, adminPassword, children, log } = opts;
  const feeds: Record<Quality, Feed> = {
    hd: { quality: "hd", mount: streamUrls.hd.pathname, bitrate: "320k", sampleRate: 44100 },
    sd: { quality: "sd", mount: streamUrls.sd.pathname, bitrate: "128k", sampleRate: 44100 },
    mobile: { quality: "mobile", mount: streamUrls.mobile.pathname, bitrate: "64k", sampleRate: 44100 },
  };

  let position = 0;
  const trackAt = (i: number): PlaylistTrack => {
    const track = playlist[i % playlist.length];
    if (!track) throw new Error("the playlist is empty");
    return track;
  };
  const current = () => trackAt(position);
  const next = () => trackAt(position + 1);

  async function setTitle(feed: Feed): Promise<void> {
    const track = current();
    await updateTitle(icecastUrl, adminPassword, feed.mount, `${track.artist} - ${track.title}`);
  }

  async function startFeed(feed: Feed): Promise<void> {
    if (feed.process) return;
    const child = spawn("ffmpeg", ffmpegArgs(feed, port, sourcePassword), {
      stdio: ["ignore", "ignore", "pipe"],
    });
    feed.process = child;
    children.add(child);
    child.stderr?.on("data", (chunk) => log(`ffmpeg ${feed.quality}: ${String(chunk).trim()}`));
    child.on("exit", () => {
      children.delete(child);
      if (feed.process === child) feed.process = undefined;
    });
    await waitFor(
      async () => (await mountsOnline(icecastUrl)).has(feed.mount),
      10_000,
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
      10_000,
      `the title on ${feed.mount}`,
    );
  }

  async function stopFeed(feed: Feed): Promise<void> {
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
  let rotating: Promise<void> = Promise.resolve();
  function rotate(): Promise<void> {
    rotating = rotating.catch(() => {}).then(rotateNow);
    return rotating;
  }

  async function rotateNow(): Promise<void> {
    position += 1;
    const live = Object.values(feeds).filter((f) => f.process);
    await Promise.all(live.map(setTitle));
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
  }

  return { feeds, current, next, startFeed, stopFeed, rotate };
}
