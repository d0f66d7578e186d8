// The local radio host: a real Icecast 2 server on loopback with three mounts fed by
// ffmpeg from generated audio, a rotating now-playing title, and a small helper server
// that answers the next-track widget format and lets tests drop and restore a feed.
//
// Usage: node dev/station/station.ts [--env-file dev/local.env]
// Ports and mounts are read from the env file's STREAM_URL_* and NEXT_TRACK_URL.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join, resolve } from "node:path";
import { parseEnvFile } from "../env-file.ts";
import { type PlaylistTrack, playlist } from "./playlist.ts";

type Quality = "hd" | "sd" | "mobile";
type Feed = { quality: Quality; mount: string; bitrate: string; sampleRate: number; process?: ChildProcess };

export type StationOptions = {
  envFile: string;
  /** Seconds between title changes (default 20, or STATION_ROTATE_SECONDS). */
  rotateSeconds?: number;
  log?: (line: string) => void;
};

export type RunningStation = {
  icecastUrl: string;
  helperUrl: string;
  stop: () => Promise<void>;
};

const root = resolve(import.meta.dirname, "../..");

export function missingStationTools(): string[] {
  return ["icecast2", "ffmpeg"].filter((tool) => {
    try {
      execFileSync("which", [tool], { stdio: "ignore" });
      return false;
    } catch {
      return true;
    }
  });
}

export const installHint =
  "The local radio station needs Icecast 2 and ffmpeg: sudo apt-get install -y icecast2 ffmpeg";

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function icecastConfig(opts: {
  port: number;
  workDir: string;
  sourcePassword: string;
  adminPassword: string;
  changeOwner: boolean;
}): string {
  const owner = opts.changeOwner
    ? "<changeowner><user>nobody</user><group>nogroup</group></changeowner>"
    : "";
  return `<icecast>
  <location>localhost</location>
  <admin>admin@localhost</admin>
  <hostname>127.0.0.1</hostname>
  <limits>
    <clients>200</clients>
    <sources>6</sources>
    <queue-size>524288</queue-size>
    <client-timeout>30</client-timeout>
    <header-timeout>15</header-timeout>
    <source-timeout>10</source-timeout>
    <burst-size>65535</burst-size>
  </limits>
  <authentication>
    <source-password>${escapeXml(opts.sourcePassword)}</source-password>
    <admin-user>admin</admin-user>
    <admin-password>${escapeXml(opts.adminPassword)}</admin-password>
  </authentication>
  <listen-socket>
    <port>${opts.port}</port>
    <bind-address>127.0.0.1</bind-address>
  </listen-socket>
  <http-headers>
    <header name="Access-Control-Allow-Origin" value="*" />
  </http-headers>
  <fileserve>1</fileserve>
  <paths>
    <basedir>/usr/share/icecast2</basedir>
    <logdir>${escapeXml(join(opts.workDir, "log"))}</logdir>
    <webroot>/usr/share/icecast2/web</webroot>
    <adminroot>/usr/share/icecast2/admin</adminroot>
    <alias source="/" destination="/status.xsl"/>
  </paths>
  <logging>
    <accesslog>access.log</accesslog>
    <errorlog>error.log</errorlog>
    <loglevel>2</loglevel>
    <logsize>10000</logsize>
  </logging>
  <security>
    <chroot>0</chroot>
    ${owner}
  </security>
</icecast>
`;
}

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

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

type StatusSource = { listenurl?: string; title?: string; listeners?: number };

async function readSources(icecastUrl: string): Promise<StatusSource[]> {
  const res = await fetch(`${icecastUrl}/status-json.xsl`);
  if (!res.ok) throw new Error(`status-json.xsl answered ${res.status}`);
  // Icecast 2.4 writes "title": - when a source has no title yet; read it leniently.
  const text = await res.text();
  const body = JSON.parse(text.replace(/"title":\s*-\s*([,}])/g, '"title":null$1')) as {
    icestats?: { source?: StatusSource | StatusSource[] };
  };
  const source = body.icestats?.source;
  return source === undefined ? [] : Array.isArray(source) ? source : [source];
}

function mountOf(source: StatusSource): string | undefined {
  return source.listenurl ? new URL(source.listenurl).pathname : undefined;
}

export async function startStation(options: StationOptions): Promise<RunningStation> {
  const log = options.log ?? ((line: string) => console.log(`[station] ${line}`));
  const env = parseEnvFile(options.envFile);
  const streamUrls: Record<Quality, URL> = {
    hd: new URL(env.STREAM_URL_HD ?? "http://127.0.0.1:8000/hd"),
    sd: new URL(env.STREAM_URL_SD ?? "http://127.0.0.1:8000/sd"),
    mobile: new URL(env.STREAM_URL_MOBILE ?? "http://127.0.0.1:8000/mobile"),
  };
  const port = Number(streamUrls.hd.port || 80);
  const helperPort = Number(new URL(env.NEXT_TRACK_URL || "http://127.0.0.1:8001/next-track").port);
  const rotateSeconds = options.rotateSeconds ?? Number(process.env.STATION_ROTATE_SECONDS ?? 20);
  const icecastUrl = `http://127.0.0.1:${port}`;
  const helperUrl = `http://127.0.0.1:${helperPort}`;

  const workDir = join(root, ".station", String(port));
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(join(workDir, "log"), { recursive: true });
  const runningAsRoot = process.getuid?.() === 0;
  if (runningAsRoot) {
    // Icecast refuses to run as root: it drops to nobody, which must be able to write its logs.
    const uid = Number(execFileSync("id", ["-u", "nobody"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "nobody"]).toString().trim());
    chownSync(join(workDir, "log"), uid, gid);
  }
  const sourcePassword = randomBytes(12).toString("hex");
  const adminPassword = randomBytes(12).toString("hex");
  const configPath = join(workDir, "icecast.xml");
  writeFileSync(
    configPath,
    icecastConfig({ port, workDir, sourcePassword, adminPassword, changeOwner: runningAsRoot }),
  );

  const children = new Set<ChildProcess>();
  let stopping = false;
  const icecast = spawn("icecast2", ["-c", configPath], { stdio: ["ignore", "ignore", "pipe"] });
  children.add(icecast);
  icecast.stderr?.on("data", (chunk) => log(`icecast: ${String(chunk).trim()}`));
  icecast.on("exit", (code) => {
    children.delete(icecast);
    if (!stopping) log(`icecast exited unexpectedly (code ${code}); see ${workDir}/log/error.log`);
  });
  const killAll = () => {
    for (const child of children) child.kill("SIGKILL");
  };
  try {
    await waitFor(
      async () => (await fetch(`${icecastUrl}/status-json.xsl`)).ok,
      10_000,
      `Icecast on ${icecastUrl}`,
    );
  } catch (err) {
    killAll();
    throw err;
  }
  log(`Icecast listening on ${icecastUrl}`);

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
    const song = encodeURIComponent(`${track.artist} - ${track.title}`);
    const auth = Buffer.from(`admin:${adminPassword}`).toString("base64");
    const res = await fetch(
      `${icecastUrl}/admin/metadata?mount=${encodeURIComponent(feed.mount)}&mode=updinfo&song=${song}`,
      {
        headers: { Authorization: `Basic ${auth}` },
      },
    );
    if (!res.ok) throw new Error(`metadata update for ${feed.mount} answered ${res.status}`);
  }

  async function mountsOnline(): Promise<Set<string>> {
    return new Set((await readSources(icecastUrl)).map(mountOf).filter((m): m is string => Boolean(m)));
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
    await waitFor(async () => (await mountsOnline()).has(feed.mount), 10_000, `mount ${feed.mount}`);
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
      async () => !(await mountsOnline()).has(feed.mount),
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

  try {
    await Promise.all(Object.values(feeds).map(startFeed));
  } catch (err) {
    stopping = true;
    killAll();
    throw err;
  }
  log(
    `mounts ${Object.values(feeds)
      .map((f) => `${f.mount} (${f.bitrate})`)
      .join(", ")} on air`,
  );
  log(`now playing: ${current().artist} - ${current().title}`);
  const timer = setInterval(() => {
    rotate().catch((err) => log(`rotation failed: ${err}`));
  }, rotateSeconds * 1000);

  const helper: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", helperUrl);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
      res.end(JSON.stringify(body));
    };
    const feedControl = url.pathname.match(/^\/feeds\/(hd|sd|mobile)\/(stop|start)$/);
    if (req.method === "GET" && url.pathname === "/next-track") {
      const track = next();
      // The next-track widget format: an array whose first item is the next track.
      return send(200, [{ title: track.title, artist: track.artist, album: track.album, cover: null }]);
    }
    if (req.method === "GET" && url.pathname === "/status") {
      return send(200, {
        current: current(),
        next: next(),
        feeds: Object.fromEntries(Object.values(feeds).map((f) => [f.quality, Boolean(f.process)])),
      });
    }
    if (req.method === "POST" && url.pathname === "/rotate") {
      return void rotate().then(
        () => send(200, { current: current() }),
        (err) => send(500, { error: String(err) }),
      );
    }
    if (req.method === "POST" && feedControl) {
      const feed = feeds[feedControl[1] as Quality];
      const action = feedControl[2] === "stop" ? stopFeed(feed) : startFeed(feed);
      return void action.then(
        () => send(200, { [feed.quality]: Boolean(feed.process) }),
        (err) => send(500, { error: String(err) }),
      );
    }
    send(404, { error: "not_found" });
  });
  await new Promise<void>((r, reject) => {
    helper.once("error", reject);
    helper.listen(helperPort, "127.0.0.1", () => r());
  });
  log(`next-track widget at ${helperUrl}/next-track`);

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    helper.close();
    const exits = [...children].map(
      (child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r))),
    );
    for (const child of children) child.kill("SIGTERM");
    const killTimer = setTimeout(() => {
      for (const child of children) child.kill("SIGKILL");
    }, 3000);
    await Promise.all(exits);
    clearTimeout(killTimer);
    rmSync(workDir, { recursive: true, force: true });
    log("stopped");
  };
  return { icecastUrl, helperUrl, stop };
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.main) {
  const missing = missingStationTools();
  if (missing.length > 0) {
    console.error(`[station] missing: ${missing.join(", ")}. ${installHint}`);
    process.exit(1);
  }
  const envFile = resolve(argValue("--env-file") ?? join(root, "dev/local.env"));
  if (!existsSync(envFile)) {
    console.error(`[station] no env file at ${envFile}`);
    process.exit(1);
  }
  const station = await startStation({ envFile }).catch((err) => {
    console.error(`[station] failed to start: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  });
  const shutdown = () => {
    station.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
