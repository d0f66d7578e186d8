// bench:start's figures: what one run measured, the targets of ADR 030 beside them, and the
// summary of several runs (the median of runs and the worst).
import type { EngineName } from "../engines/types.ts";
import type { Player, Quality, Silence } from "./probe.ts";

/** Press to sound (ms) of each fresh page; null: no sound within the limit, or the page failed. */
export type PressFigure = {
  engine: EngineName;
  quality: Quality;
  pages: (number | null)[];
  /** How each measured page played. */
  players: Player[];
};
export type SwitchFigure = {
  engine: EngineName;
  /** One per choice in the player bar; null: not measured (`error` says why). */
  switches: ({ from: Quality; to: Quality } & Silence)[] | null;
  error?: string;
};
export type DropFigure = {
  engine: EngineName;
  silence: Silence | null;
  /** Connections the drop closed, attempts refused meanwhile, the first one let through after (ms from the drop). */
  closed: number;
  refused: number;
  reconnectedAfterMs: number | null;
  /** Seconds the element held buffered ahead of what played when the connection dropped. */
  aheadS?: number;
  error?: string;
};
export type RunFigures = { press: PressFigure[]; switches: SwitchFigure[]; drops: DropFigure[] };

export const targets = {
  pressMedianMs: 1000,
  pressMaxMs: 2000,
  /** Engines held to the press targets; WebKit's figure is given. */
  pressEngines: ["chromium", "firefox"] as EngineName[],
  switchSilenceMs: 100,
  dropSilenceMs: 250,
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const measured = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : "n/a");
const pad = (text: string, width: number) => text.padEnd(width);
const longestSwitch = (figure: SwitchFigure) =>
  figure.switches ? Math.max(...figure.switches.map((s) => s.ms)) : Number.NaN;
const silenceText = (silence: Silence) =>
  `${silence.open ? "≥ " : ""}${ms(silence.ms)}${silence.stalledMs > 50 ? ` (the page read nothing for ${ms(silence.stalledMs)} ms of it)` : ""}`;

function playedBy(players: Player[]): string {
  if (players.length === 0) return "nothing";
  const mse = players.filter((p) => p === "mse").length;
  if (mse === players.length) return "MSE";
  if (mse === 0) return "the element";
  return `MSE on ${mse} of ${players.length} pages, the element on the others`;
}

/** Where the silences fell, in seconds from the span's start (the event is at `offsetMs`). */
export function whenSilent(silence: Silence, offsetMs = 0): string {
  const seconds = (at: number) =>
    `${at >= offsetMs ? "+" : "-"}${(Math.abs(at - offsetMs) / 1000).toFixed(2)}`;
  const shown = silence.stretches.filter(([from, to]) => to - from >= 40);
  if (shown.length === 0) return "no silence heard";
  const listed = shown.slice(0, 6).map(([from, to]) => `${seconds(from)}…${seconds(to)} s`);
  return `silent ${listed.join(", ")}${shown.length > 6 ? ` and ${shown.length - 6} more` : ""}`;
}

/** Whether one run's figure meets its target; null when it has none (WebKit's press) or was not measured. */
export function pressMet(figure: PressFigure): boolean | null {
  const values = measured(figure.pages);
  if (!targets.pressEngines.includes(figure.engine) || values.length === 0) return null;
  return (
    values.length === figure.pages.length &&
    median(values) <= targets.pressMedianMs &&
    Math.max(...values) <= targets.pressMaxMs
  );
}
const switchMet = (figure: SwitchFigure) =>
  figure.switches
    ? longestSwitch(figure) <= targets.switchSilenceMs && figure.switches.every((s) => !s.open)
    : null;
const dropMet = (figure: DropFigure) =>
  figure.silence ? figure.silence.ms <= targets.dropSilenceMs && !figure.silence.open : null;

/** "met", "missed", or for several runs "met in 2 of 3 runs". */
function verdict(results: (boolean | null)[]): string {
  const judged = results.filter((r): r is boolean => r !== null);
  if (judged.length === 0) return "not measured";
  const met = judged.filter(Boolean).length;
  if (results.length === 1) return met ? "met" : "missed";
  return `met in ${met} of ${results.length} runs`;
}

const pressTarget = `median ≤ ${targets.pressMedianMs} ms, no page over ${targets.pressMaxMs} ms`;

export function printRun(run: RunFigures, label: string): void {
  console.log(`\n${label}`);
  console.log("press to sound (ms), fresh pages:");
  console.log(
    `  ${pad("engine", 10)}${pad("quality", 9)}${pad("median", 8)}${pad("min", 7)}${pad("max", 7)}target`,
  );
  for (const figure of run.press) {
    const values = measured(figure.pages);
    const missing = figure.pages.length - values.length;
    const target = targets.pressEngines.includes(figure.engine)
      ? `${pressTarget}: ${verdict([pressMet(figure)])}`
      : "(figure given)";
    console.log(
      `  ${pad(figure.engine, 10)}${pad(figure.quality, 9)}${pad(ms(median(values)), 8)}${pad(ms(Math.min(...values)), 7)}${pad(ms(Math.max(...values)), 7)}${target}` +
        (missing ? `; ${missing} of ${figure.pages.length} pages not measured` : "") +
        `; played by ${playedBy(figure.players)}`,
    );
  }
  console.log("quality switch while playing: longest silence (ms) from 1 s before to 6 s after each choice:");
  for (const figure of run.switches) {
    const detail = figure.switches
      ? figure.switches.map((s) => `${s.from}→${s.to} ${silenceText(s)}`).join(", ")
      : `not measured: ${figure.error}`;
    console.log(
      `  ${pad(figure.engine, 10)}${pad(ms(longestSwitch(figure)), 8)}${detail}; target ≤ ${targets.switchSilenceMs} ms: ${verdict([switchMet(figure)])}`,
    );
  }
  console.log("dropped connection, 2 s away: longest silence (ms) from the drop to 10 s after:");
  for (const figure of run.drops) {
    const detail = figure.silence
      ? `${silenceText(figure.silence)}; ${figure.closed} connection(s) closed, ${figure.refused} refused while away, ` +
        (figure.reconnectedAfterMs === null
          ? "no new connection after"
          : `the next let through ${ms(figure.reconnectedAfterMs)} ms after the drop`)
      : `not measured: ${figure.error}`;
    console.log(
      `  ${pad(figure.engine, 10)}${detail}; target ≤ ${targets.dropSilenceMs} ms: ${verdict([dropMet(figure)])}`,
    );
  }
}

/** Several runs: each figure's median of runs and the worst run, and how often its target was met. */
export function printRuns(runs: RunFigures[]): void {
  const first = runs[0];
  if (!first) return;
  console.log(`\n${runs.length} runs: median of runs (worst run)`);
  console.log("press to sound (ms), each run's median and max over its fresh pages:");
  for (const [i, figure] of first.press.entries()) {
    const perRun = runs.map((run) => run.press[i] as PressFigure);
    const medians = perRun.map((f) => median(measured(f.pages))).filter((v) => !Number.isNaN(v));
    const maxes = perRun.map((f) => Math.max(...measured(f.pages))).filter(Number.isFinite);
    const target = targets.pressEngines.includes(figure.engine)
      ? `${pressTarget}: ${verdict(perRun.map(pressMet))}`
      : "(figure given)";
    console.log(
      `  ${pad(figure.engine, 10)}${pad(figure.quality, 9)}median ${ms(median(medians))} (${ms(Math.max(...medians))}), ` +
        `max ${ms(median(maxes))} (${ms(Math.max(...maxes))}), lowest ${ms(Math.min(...perRun.flatMap((f) => measured(f.pages))))}; ${target}`,
    );
  }
  console.log("quality switch: longest silence (ms):");
  for (const [i, figure] of first.switches.entries()) {
    const perRun = runs.map((run) => run.switches[i] as SwitchFigure);
    const values = perRun.map(longestSwitch).filter((v) => !Number.isNaN(v));
    const open = perRun.some((f) => f.switches?.some((s) => s.open))
      ? " (≥: silent still 6 s after a choice)"
      : "";
    console.log(
      `  ${pad(figure.engine, 10)}${ms(median(values))} (${ms(Math.max(...values))})${open}; target ≤ ${targets.switchSilenceMs} ms: ${verdict(perRun.map(switchMet))}`,
    );
  }
  console.log("dropped connection, 2 s away: longest silence (ms):");
  for (const [i, figure] of first.drops.entries()) {
    const perRun = runs.map((run) => run.drops[i] as DropFigure);
    const values = perRun.flatMap((f) => (f.silence ? [f.silence.ms] : []));
    const open = perRun.some((f) => f.silence?.open) ? " (≥: silent still at the end of a run's 10 s)" : "";
    console.log(
      `  ${pad(figure.engine, 10)}${ms(median(values))} (${ms(Math.max(...values))})${open}; target ≤ ${targets.dropSilenceMs} ms: ${verdict(perRun.map(dropMet))}`,
    );
  }
}

/** What could not be measured in a run (the bench fails on these, never on a missed target). */
export function unmeasured(run: RunFigures): string[] {
  return [
    ...run.press.flatMap((f) => {
      const missing = f.pages.filter((v) => v === null).length;
      return missing ? [`${f.engine} ${f.quality}: ${missing} of ${f.pages.length} pages not measured`] : [];
    }),
    ...run.switches.flatMap((f) => (f.switches ? [] : [`${f.engine} quality switch: ${f.error}`])),
    ...run.drops.flatMap((f) => (f.silence ? [] : [`${f.engine} dropped connection: ${f.error}`])),
  ];
}
