// Folds the Lighthouse runs of one route and preset into medians, the lowest run and the
// failing audits, and prints them. One run can be off by 10+ points on a busy machine, so
// the median is the figure to compare and the lowest run shows how bad it gets.
import { type Category, categories, type Metric, metrics, type Preset, type Run } from "./lighthouse.ts";

export type Summary = {
  route: string;
  preset: Preset;
  /** How the CPU was slowed: "4x default", "2.6x calibrated"; "" for the desktop preset. */
  cpu: string;
  median: { scores: Record<Category, number>; metrics: Record<Metric, number> };
  /** The run with the lowest performance score (ties: the slower LCP). */
  lowest: Run;
  /** Every audit that failed in at least one run, with how many runs it failed in. */
  failing: Record<string, number>;
  runs: Run[];
};

export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function summarise(route: string, preset: Preset, cpu: string, runs: Run[]): Summary {
  const lowest = [...runs].sort(
    (a, b) => a.scores.performance - b.scores.performance || b.metrics.LCP - a.metrics.LCP,
  )[0];
  if (!lowest) throw new Error("bench: no Lighthouse run to summarise");
  const failing: Record<string, number> = {};
  for (const id of runs.flatMap((r) => r.failing)) failing[id] = (failing[id] ?? 0) + 1;
  const each = <K extends string>(keys: readonly K[], pick: (run: Run, key: K) => number) =>
    Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => pick(r, k)))])) as Record<K, number>;
  return {
    route,
    preset,
    cpu,
    median: {
      scores: each(categories, (r, c) => r.scores[c]),
      metrics: each(Object.keys(metrics) as Metric[], (r, m) => r.metrics[m]),
    },
    lowest,
    failing,
    runs,
  };
}

/** Milliseconds as Lighthouse shows them: "850 ms", "2.41 s"; CLS to 3 decimals. */
export function formatMetric(metric: Metric, value: number): string {
  if (Number.isNaN(value)) return "?";
  if (metric === "CLS") return value.toFixed(3);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

const formatScore = (value: number) => (Number.isNaN(value) ? "?" : String(Math.round(value)));

/**
 * Each route's summary with the floor's measured beside it: the summary named `floorName` of
 * the same preset and CPU setting. `measured` is one state's summaries (ADR 060).
 */
export function pairWithFloor(measured: readonly Summary[], floorName: string): Map<Summary, Summary> {
  const floors = measured.filter((s) => s.route === floorName);
  const pairs = new Map<Summary, Summary>();
  for (const summary of measured) {
    const floor = floors.find((f) => f.preset === summary.preset && f.cpu === summary.cpu);
    if (floor && summary.route !== floorName) pairs.set(summary, floor);
  }
  return pairs;
}

/** A run's TBT at its main thread's thread time (thread-time.ts); NaN where it was not audited. */
export const tbtOnCpu = (run: Run): number => run.atThreadTime?.TBT ?? Number.NaN;

/**
 * What the route blocks beyond the floor, run for run (ADR 060): the median of each run's TBT
 * less the floor's run of the same number, made beside it; and the route's lowest run less that
 * run's floor run. Runs without a partner do not count. `tbt` picks the figure: Lighthouse's TBT,
 * or the TBT of the page's tasks at their thread time.
 */
export function tbtOverFloor(
  route: Summary,
  floor: Summary,
  tbt: (run: Run) => number = (run) => run.metrics.TBT,
): { median: number; lowest: number } {
  const of = (runs: Run[], i: number) => {
    const run = runs[i];
    return run ? tbt(run) : Number.NaN;
  };
  const over = (i: number) => of(route.runs, i) - of(floor.runs, i);
  return {
    median: median(route.runs.map((_, i) => over(i))),
    lowest: over(route.runs.indexOf(route.lowest)),
  };
}

/** The summary, and the floor's (the same preset and CPU) beside its blocking time when given. */
export function printSummary(summary: Summary, floor?: Summary) {
  const { median: mid, lowest, runs } = summary;
  const line = (key: string, value: string, low?: string) =>
    console.log(
      `  ${key.padEnd(16)} ${low === undefined ? value : `${value.padEnd(9)} (lowest run ${low})`}`,
    );
  console.log(
    `\n${summary.route} ${summary.preset}${summary.cpu ? ` (CPU ${summary.cpu})` : ""}: median of ${runs.length} run${runs.length === 1 ? "" : "s"}`,
  );
  line("performance", formatScore(mid.scores.performance), formatScore(lowest.scores.performance));
  for (const m of Object.keys(metrics) as Metric[])
    line(m, formatMetric(m, mid.metrics[m]), formatMetric(m, lowest.metrics[m]));
  if (floor && floor !== summary) {
    const over = tbtOverFloor(summary, floor);
    line(
      "TBT over floor",
      formatMetric("TBT", over.median),
      `${formatMetric("TBT", over.lowest)}; floor ${formatMetric("TBT", floor.median.metrics.TBT)}`,
    );
  }
  // The page's own work, slowed down (thread-time.ts): simulated runs only.
  if (runs.some((r) => r.atThreadTime)) {
    line(
      "TBT on CPU",
      formatMetric("TBT", median(runs.map(tbtOnCpu))),
      formatMetric("TBT", tbtOnCpu(lowest)),
    );
    if (floor && floor !== summary) {
      const over = tbtOverFloor(summary, floor, tbtOnCpu);
      line(
        "  over floor",
        formatMetric("TBT", over.median),
        `${formatMetric("TBT", over.lowest)}; floor ${formatMetric("TBT", median(floor.runs.map(tbtOnCpu)))}`,
      );
    }
    const score = (r: Run) => r.atThreadTime?.performance ?? Number.NaN;
    line("  performance", formatScore(median(runs.map(score))), formatScore(score(lowest)));
  }
  line(
    "TBT pre-FCP",
    formatMetric("TBT", median(runs.map((r) => r.tbtBeforePaint))),
    formatMetric("TBT", lowest.tbtBeforePaint),
  );
  const percent = (share: number) => (Number.isNaN(share) ? "?" : `${Math.round(share * 100)}%`);
  line("main thread CPU", percent(median(runs.map((r) => r.cpuShare))), percent(lowest.cpuShare));
  line("CPU slowdown", `${median(runs.map((r) => r.cpuSlowdown))}x`, `${lowest.cpuSlowdown}x`);
  line(
    "BenchmarkIndex",
    formatScore(median(runs.map((r) => r.benchmarkIndex))),
    formatScore(lowest.benchmarkIndex),
  );
  line("accessibility", formatScore(mid.scores.accessibility));
  line("best-practices", formatScore(mid.scores["best-practices"]));
  line("SEO", formatScore(mid.scores.seo));
  const failing = Object.entries(summary.failing).map(([id, n]) =>
    n === runs.length ? id : `${id} (${n}/${runs.length})`,
  );
  line("failing audits", failing.join(", ") || "none");
}
