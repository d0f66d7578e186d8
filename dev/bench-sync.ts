// `npm run bench:sync [-- --rotations 10 --modes hd,pause,mobile --runs 1]`: a benchmark of
// titles in step with the music (ADR 020), not a test (it never fails on the figures). Starts
// the local site and station (free ports, fresh state); headless Chromium plays the stream with
// a Web Audio analyser on the page (dev/bench-sync/page-probe.ts) that hears each track's tone;
// the station is rotated R times per mode, and for each change the offset between the moment the
// new tone became audible and the moment the player bar showed the new title is recorded, and so
// is the offset of the live message's arrival (showing the title on receipt, as the live room of ADR 009 alone did).
// Modes: hd (estimate only, the default quality), pause (a 6 s pause and resume before each
// change), mobile (64 kbit/s, the longest burst), in-band (the evaluation of in-band titles:
// icecast-metadata-player on the station helper's page, dev/station/in-band-harness.ts).
import { parseArgs } from "node:util";
import { type Browser, chromium, type Page } from "playwright-core";
import { measureChange, waitForSound } from "./bench-sync/measure.ts";
import { type ChangeOffsets, type HeardRotation, installSyncProbe } from "./bench-sync/page-probe.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";
import { startSite } from "./local-site.ts";
import { playlist } from "./station/playlist.ts";

const { values } = parseArgs({
  options: {
    rotations: { type: "string", default: "10" },
    modes: { type: "string", default: "hd,pause,mobile" },
    runs: { type: "string", default: "1" },
  },
});
const rotations = Number(values.rotations);
const runs = Number(values.runs);
type Mode = "hd" | "pause" | "mobile" | "in-band";
const modes = values.modes.split(",") as Mode[];
const tones = playlist.map((track) => track.tone);

type Rotation = HeardRotation;
type Sample = ChangeOffsets;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function playerButton(page: Page, name: "Play" | "Pause") {
  await page.getByRole("region", { name: "Player" }).getByRole("button", { name, exact: true }).click();
}

async function runMode(browser: Browser, baseUrl: string, helperUrl: string, mode: Mode): Promise<Sample[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(installSyncProbe, tones);
  const started = Date.now();
  if (mode === "in-band") {
    await page.goto(`${helperUrl}/in-band/`);
    await page.evaluate(() =>
      (window as unknown as { startInBand: (mount: string) => Promise<void> }).startInBand("hd"),
    );
  } else {
    if (mode === "mobile") await page.addInitScript(() => localStorage.setItem("stream-quality", "mobile"));
    await page.goto(baseUrl);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    // The player's lazy parts (the delay estimate among them) load when the page is idle.
    await page.waitForLoadState("networkidle");
    await playerButton(page, "Play");
  }
  await waitForSound(page, started);
  const samples: Sample[] = [];
  for (let i = 0; i < rotations; i++) {
    if (mode === "pause") {
      await playerButton(page, "Pause");
      await sleep(6000);
      const resumed = Date.now();
      await playerButton(page, "Play");
      await waitForSound(page, resumed);
    }
    // The change lands anywhere in the audio's rhythm, not always just after a poll.
    await sleep(1500 + Math.random() * 1500);
    const since = Date.now();
    const res = await fetch(`${helperUrl}/rotate`, { method: "POST" });
    const rotation = (await res.json()) as Rotation;
    const sample = await measureChange(page, rotation, since);
    samples.push(sample);
    console.log(
      `  ${mode} ${i + 1}/${rotations}: title ${sample.title} ms, on receipt ${sample.receipt} ms from the audible change; the room's stamp ${sample.stamp} ms off`,
    );
  }
  await context.close();
  return samples;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summary(all: number[]): string {
  const offsets = all.filter((offset) => !Number.isNaN(offset));
  if (offsets.length === 0) return "n/a";
  const abs = offsets.map(Math.abs).sort((a, b) => a - b);
  const signed = [...offsets].sort((a, b) => a - b);
  return `median |${percentile(abs, 50)}| ms, p90 |${percentile(abs, 90)}| ms, max |${abs.at(-1)}| ms (signed median ${percentile(signed, 50)} ms)`;
}

const site = await startSite({ rotateSeconds: 24 * 60 * 60 });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [...chromiumFlags, "--autoplay-policy=no-user-gesture-required"],
});
const results: Record<string, Sample[][]> = {};
try {
  for (let run = 1; run <= runs; run++) {
    for (const mode of modes) {
      console.log(`run ${run}, mode ${mode}`);
      results[mode] ??= [];
      results[mode].push(await runMode(browser, site.baseUrl, site.stationHelperUrl, mode));
    }
  }
} finally {
  await browser.close();
  await site.stop();
}

console.log(
  `\n${rotations} changes per mode and run; offset = title shown - new track audible (negative: early)`,
);
for (const [mode, perRun] of Object.entries(results)) {
  for (const [i, samples] of perRun.entries()) {
    console.log(`${mode} run ${i + 1}: in step ${summary(samples.map((s) => s.title))}`);
    console.log(`${mode} run ${i + 1}: on receipt ${summary(samples.map((s) => s.receipt))}`);
    console.log(`${mode} run ${i + 1}: the room's stamp ${summary(samples.map((s) => s.stamp))}`);
  }
}
