// `npm run bench:rewind [-- --engines chromium,firefox,webkit --runs 3 --soak-minutes 30]`: a
// benchmark of rewind (ADR 040), not a test: it fails only when it cannot measure. Starts the
// local site (REWIND_MINUTES 60) and station on free ports, its recorders reconnecting ten times
// over the soak (REWIND_SESSION_SECONDS = soak / 10), and measures:
// - seek to sound, per engine: with bench:start's analyser on the app's element, from a press of
//   'Back 30 seconds' (from live, then from the past) and of 'Restart this track' to the first
//   station tone heard after the silence the switch makes (0 when none is heard);
// - restart offset: for every play in the window, its history stamp less the restart lead (where
//   'Restart this track' and the history's play buttons start) less the first moment its tone
//   sounds in the recorded segments, decoded by ffmpeg (positive: the restart misses the track's
//   first milliseconds);
// - unrecorded gaps: breaks in each quality's recording after the soak (every segment after the
//   first should be joined to the one before);
// - relay mode (ADR 042, dev/bench-rewind/relay.ts): press to sound, delay behind the host and the
//   title's offset per engine, and the host's connections with none, one and 500 relayed players.
import { parseArgs } from "node:util";
import type { Health, RewindIndex, TrackHistoryItem } from "../schema/api.ts";
import { restartLeadMs, rewindPageMs, rewindPagesNear, trackStart } from "../schema/rewind.ts";
import { measureRelay, type RelayFigures } from "./bench-rewind/relay.ts";
import {
  notePress,
  openHome,
  ownedByReact,
  type PageLog,
  pressStart,
  pressToSound,
  readLog,
} from "./bench-start/probe.ts";
import { type EngineName, type EnginePage, engineNames, launchEngine } from "./engines/index.ts";
import { startSite } from "./local-site.ts";
import { waitForRewindWindow } from "./rewind-window.ts";
import { decodeMp3, dominantTones } from "./station/heard-tones.ts";
import { playlist } from "./station/playlist.ts";

const { values } = parseArgs({
  options: {
    engines: { type: "string", default: engineNames.join(",") },
    runs: { type: "string", default: "3" },
    "soak-minutes": { type: "string", default: "30" },
  },
});
const runs = Number(values.runs);
const soakMinutes = Number(values["soak-minutes"]);
const engines = values.engines.split(",").map((e) => e.trim()) as EngineName[];
if (!Number.isInteger(runs) || runs < 1) throw new Error("bench: --runs wants a whole number ≥ 1");
if (!(soakMinutes >= 0)) throw new Error("bench: --soak-minutes wants a number ≥ 0");
if (engines.some((e) => !engineNames.includes(e)))
  throw new Error(`bench: --engines from ${engineNames.join(",")}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : ((s[Math.floor((s.length - 1) / 2)] ?? 0) + (s[Math.ceil((s.length - 1) / 2)] ?? 0)) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`;

const sessionSeconds = Math.max(10, Math.round((soakMinutes * 60) / 10)) || 300;
const site = await startSite({
  vars: {
    REWIND_MINUTES: "60",
    ...(soakMinutes > 0 ? { REWIND_SESSION_SECONDS: String(sessionSeconds) } : {}),
  },
});
const startedAt = Date.now();
const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${site.baseUrl}${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
};

/** Presses the rewind control `label` and answers the ms from the press to the sound after its silence. */
async function seek(page: EnginePage, label: string): Promise<number> {
  const selector = `.player-rewind button[aria-label="${label}"]`;
  await page.waitFor(ownedByReact, selector, { timeout: 20_000 });
  await page.evaluate(notePress, selector);
  await page.click(selector);
  const settled = (): boolean => {
    const w = window as unknown as {
      pressedAt: number | null;
      syncProbe: { silences: [number, number][]; soundAt: number };
    };
    const at = w.pressedAt ?? Number.POSITIVE_INFINITY;
    return w.syncProbe.silences.some(([, to]) => to > at) || w.syncProbe.soundAt > at + 3000;
  };
  await page.waitFor(settled, null, { timeout: 15_000, interval: 50 });
  const { log, pressedAt } = (await page.evaluate(readLog, null)) as PageLog;
  if (pressedAt === null) throw new Error("the press was not seen in the page");
  const engine = await page.evaluate(() => document.querySelector("audio")?.dataset.engine ?? null, null);
  if (engine !== "rewind") throw new Error(`after '${label}' the player plays ${engine}, not the past`);
  const silence = log.silences.find(([from, to]) => to > pressedAt && from < pressedAt + 3000);
  return silence ? silence[1] - pressedAt : 0;
}

async function seeksIn(engine: EngineName): Promise<number[]> {
  const browser = await launchEngine(engine);
  try {
    const page = await browser.newPage();
    await openHome(page, site.baseUrl, { quality: "hd", element: false });
    await pressStart(page);
    await pressToSound(page, 15_000);
    await sleep(4000);
    const figures = [await seek(page, "Back 30 seconds")];
    await sleep(4000);
    figures.push(await seek(page, "Back 30 seconds"));
    await sleep(4000);
    figures.push(await seek(page, "Restart this track"));
    return figures;
  } finally {
    await browser.close();
  }
}

/** Plays measured by an earlier run: each counts once. */
const measuredPlays = new Set<number>();
const qualities = ["hd", "sd", "mobile"] as const;
type Offset = { title: string; quality: string; offsetMs: number; stampMs: number };

/** The in-band title changes of the pages around `stamp`, as the player reads them (web/features/player/rewind.ts). */
async function titlesNear(quality: string, stamp: number): Promise<RewindIndex["titles"]> {
  const found = await Promise.all(
    rewindPagesNear(stamp).map((page) =>
      get<RewindIndex>(`/api/rewind/${quality}?at=${page * rewindPageMs}`),
    ),
  );
  return found.flatMap((index) => index.titles);
}

/**
 * Each play in the window not measured before, in each quality: where 'Restart this track' starts
 * (trackStart) less the first moment its tone sounds, and where the stamp alone would start it.
 */
async function restartOffsets(): Promise<Offset[]> {
  const [window, history] = await Promise.all([
    get<RewindIndex>("/api/rewind/hd"),
    get<TrackHistoryItem[]>("/api/track-history"),
  ]);
  if (window.oldest === null || window.newest === null) return [];
  const found: Offset[] = [];
  for (const play of history) {
    const stamp = Date.parse(play.playedAt);
    const tone = playlist.find((t) => t.title === play.title)?.tone;
    if (!tone || measuredPlays.has(play.id) || stamp < window.oldest + 6000 || stamp > window.newest - 8000)
      continue;
    measuredPlays.add(play.id);
    for (const quality of qualities) {
      const index = await get<RewindIndex>(`/api/rewind/${quality}?at=${Math.floor(stamp - 4000)}`);
      const segments = index.segments.filter(
        (s) => s.start < stamp + 4000 && s.start + s.duration > stamp - 4000,
      );
      const first = segments[0];
      if (!first || segments.some((s, i) => i > 0 && !s.joined)) continue;
      const bytes = Buffer.concat(
        await Promise.all(
          segments.map(async (s) =>
            Buffer.from(await (await fetch(`${site.baseUrl}${s.url}`)).arrayBuffer()),
          ),
        ),
      );
      const tones = dominantTones(await decodeMp3(bytes));
      // The first 10 ms window of 200 ms in which the track's tone holds, after another's.
      const from = Math.max(0, Math.floor((stamp - 3000 - first.start) / 10));
      const at = tones.findIndex(
        (t, i) => i >= from && t === tone && tones.slice(i, i + 20).every((u) => u === tone),
      );
      if (at <= from) continue;
      const audible = first.start + at * 10;
      found.push({
        title: play.title,
        quality,
        offsetMs: trackStart(stamp, await titlesNear(quality, stamp), play.title) - audible,
        stampMs: stamp - restartLeadMs - audible,
      });
    }
  }
  return found;
}

const seeks = new Map<EngineName, number[]>(engines.map((e) => [e, []]));
const offsets: Offset[] = [];
const relays: RelayFigures[] = [];
try {
  console.log(
    `bench: the site records (REWIND_MINUTES 60, sessions of ${sessionSeconds} s); waiting for 60 s of window`,
  );
  await waitForRewindWindow(site.baseUrl, 60_000, { pollMs: 2000 });
  for (let run = 1; run <= runs; run++) {
    console.log(`bench: run ${run} of ${runs}`);
    for (const engine of engines) {
      const figures = await seeksIn(engine).catch((err: unknown) => {
        console.log(`  ${engine}: not measured: ${String(err).split("\n")[0]}`);
        return [];
      });
      console.log(`  ${engine}: seek to sound ${figures.map(ms).join(", ") || "none"}`);
      seeks.get(engine)?.push(...figures);
    }
    const found = await restartOffsets();
    console.log(
      `  restart offsets: ${found.map((f) => `${f.title} (${f.quality}) ${ms(f.offsetMs)} (stamp alone ${ms(f.stampMs)})`).join(", ") || "none"}`,
    );
    offsets.push(...found);
    relays.push(await measureRelay(site, engines));
  }
  const soakEnd = startedAt + soakMinutes * 60_000;
  if (soakMinutes > 0 && Date.now() < soakEnd) {
    console.log(
      `bench: recording until ${soakMinutes} min since the start (${Math.ceil((soakEnd - Date.now()) / 60_000)} min more)`,
    );
    await sleep(soakEnd - Date.now());
  }
  // 503 is an answer too (locally the cron never ran): its rewind block is what counts here.
  const health = (await fetch(`${site.baseUrl}/api/health`)
    .then((res) => res.json())
    .catch(() => null)) as Health | null;
  console.log("\nbench:rewind figures");
  for (const [engine, figures] of seeks) {
    if (figures.length === 0) console.log(`  seek to sound, ${engine}: not measured`);
    else
      console.log(
        `  seek to sound, ${engine}: median ${ms(median(figures))}, longest ${ms(Math.max(...figures))} (${figures.length} seeks; target median ≤ 1 s)`,
      );
  }
  if (offsets.length === 0) console.log("  restart offset: not measured");
  for (const quality of qualities) {
    const of = offsets.filter((o) => o.quality === quality);
    const figures = (xs: number[]) =>
      `median ${ms(median(xs))}, from ${ms(Math.min(...xs))} to ${ms(Math.max(...xs))}, ` +
      `${xs.filter((x) => Math.abs(x) <= 500).length} of ${xs.length} within ±500 ms`;
    if (of.length > 0)
      console.log(
        `  restart offset, ${quality} (where 'Restart this track' starts − the track's first audible moment): ` +
          `${figures(of.map((o) => o.offsetMs))}; from the stamp alone ${figures(of.map((o) => o.stampMs))}`,
      );
  }
  const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
  for (const recorder of health?.rewind?.recorders ?? [])
    console.log(
      `  recording ${recorder.quality}: ${recorder.breaks} unrecorded gap(s) over ${minutes} min, ` +
        `${recorder.segments} segments, sessions of ${sessionSeconds} s (target 0)`,
    );
  for (const engine of engines) {
    const all = relays.flatMap((r) => (r.engines[engine] ? [r.engines[engine]] : []));
    const pick = (k: "startMs" | "behindMs" | "titleMs") => all.flatMap((f) => f[k]);
    if (all.length === 0) console.log(`  relay, ${engine}: not measured`);
    else
      console.log(
        `  relay, ${engine} (${[...new Set(all.flatMap((f) => f.engine))].join("/")}): press to sound median ${ms(median(pick("startMs")))} (longest ${ms(Math.max(...pick("startMs")))}), ` +
          `behind the host median ${ms(median(pick("behindMs")))}, title from the music median ${ms(median(pick("titleMs")))} (${pick("startMs").length} runs)`,
      );
  }
  for (const [i, r] of relays.entries())
    console.log(
      `  relay run ${i + 1}: host connections ${r.hostConnections.none} with no listener, ${r.hostConnections.oneBrowser} with one browser, ` +
        `${r.hostConnections.simulated} with ${r.hostConnections.simulatedPlayers} simulated players ` +
        `(${r.simulatedRequests.ok} requests answered, ${r.simulatedRequests.failed} failed; target: constant)`,
    );
  const missing =
    [...seeks.values()].some((f) => f.length === 0) ||
    offsets.length === 0 ||
    !health?.rewind ||
    relays.length === 0;
  if (missing) process.exitCode = 1;
} catch (err) {
  console.error(`bench: ${String(err)}`);
  process.exitCode = 1;
} finally {
  await site.stop();
}
