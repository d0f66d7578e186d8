// One Lighthouse run of `npm run bench:web`, in a fresh Chromium so runs share no cache.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { saveArtifacts } from "lighthouse/core/lib/asset-saver.js";
import { chromiumFlags, chromiumPath } from "../chromium.ts";
import { blockingBegunBeforePaint, type LongTask } from "./blocking.ts";
import { mainThreadCpuShare, type TraceEvent } from "./cpu-share.ts";
import { atThreadTime } from "./thread-time.ts";

export type Preset = "mobile" | "desktop";
/**
 * How Lighthouse slows the phone down: `simulate` (its default) loads at full speed and computes
 * the metrics from the trace, each task `cpuSlowdownMultiplier` times as long; `devtools` slows
 * Chromium's CPU and network down as it loads (CDP), and reads the metrics from what happened.
 */
export type ThrottlingMethod = "simulate" | "devtools";
export const throttlingMethods: readonly ThrottlingMethod[] = ["simulate", "devtools"];

/**
 * The flags of one run, merged into the preset's settings as the CLI's flags are: the mobile
 * preset's CPU slowdown replaced where one is given, and its throttling method. The desktop preset
 * keeps its own settings (no CPU slowdown, simulated).
 */
export function runFlags(preset: Preset, cpuSlowdown: number | undefined, method: ThrottlingMethod) {
  if (preset === "desktop") return {};
  return {
    throttlingMethod: method,
    ...(cpuSlowdown !== undefined ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
  };
}
export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof categories)[number];
export const metrics = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
} as const;
export type Metric = keyof typeof metrics;

export type Run = {
  /** Category scores, 0-100. */
  scores: Record<Category, number>;
  /** `audits[id].numericValue`: milliseconds, CLS unitless. */
  metrics: Record<Metric, number>;
  /** Failing audits of the reported categories. */
  failing: string[];
  lighthouse: string;
  /** Of the TBT, what tasks begun before the simulated first paint make (blocking.ts). */
  tbtBeforePaint: number;
  /** Of the page's blocking tasks' wall time, the share its main thread was on a CPU (cpu-share.ts). */
  cpuShare: number;
  /**
   * The same run audited again with the page's main-thread tasks at their thread time
   * (thread-time.ts): its TBT and performance score, and the wall time taken out, in ms. Only for
   * the mobile preset's simulated throttling; a devtools trace's waits are its throttling.
   */
  atThreadTime?: { TBT: number; performance: number; removedMs: number };
  /** The CPU slowdown Lighthouse applied, and this machine's BenchmarkIndex as it measured it. */
  cpuSlowdown: number;
  benchmarkIndex: number;
  /** Set when Lighthouse could not measure the page (its scores are then 0): its error code. */
  runtimeError?: string;
};

/**
 * One run. `cpuSlowdown` replaces the mobile preset's CPU slowdown (calibrate.ts), `method` its
 * throttling method; the desktop preset keeps its own settings (runFlags).
 */
export async function runLighthouse(
  url: string,
  preset: Preset,
  label: string,
  verbose: boolean,
  cpuSlowdown?: number,
  method: ThrottlingMethod = "simulate",
): Promise<Run> {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const flags = { output: "json", logLevel: "error", ...runFlags(preset, cpuSlowdown, method) } as const;
  const config = preset === "desktop" ? desktopConfig : undefined;
  try {
    const result = await lighthouse(url, { port: chrome.port, ...flags }, config);
    if (!result) throw new Error("Lighthouse returned no result");
    const lhr = result.lhr;
    // The document Chromium parsed (after redirects), not the URL a pushState left shown.
    const documentUrl = lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl;
    // A run Lighthouse could not measure (no paint seen, a page error): say why, not just "0".
    if (lhr.runtimeError)
      console.log(`[${label}] Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings) console.log(`[${label}] Lighthouse warning: ${warning}`);
    const ids = new Set(categories.flatMap((c) => lhr.categories[c]?.auditRefs.map((ref) => ref.id) ?? []));
    const failing = [...ids]
      .map((id) => lhr.audits[id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => a?.id ?? "");
    if (verbose) {
      // What the failing audits point at, and where the LCP, render-blocking and main-thread time go.
      for (const id of [
        ...failing,
        "largest-contentful-paint-element",
        "render-blocking-insight",
        "document-latency-insight",
        // Where the blocking time goes: the long tasks, and each script's parse and run.
        "long-tasks",
        "bootup-time",
        "mainthread-work-breakdown",
        // What moved, and by how much.
        "layout-shifts",
      ]) {
        const details = lhr.audits[id]?.details as { items?: unknown[] } | undefined;
        const shown = details?.items ?? lhr.audits[id]?.displayValue ?? "";
        console.log(`[${label}] ${id}: ${JSON.stringify(shown).slice(0, 1500)}`);
      }
    }
    const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const value = (m: Metric) => lhr.audits[metrics[m]]?.numericValue ?? Number.NaN;
    return {
      scores: Object.fromEntries(categories.map((c) => [c, score(c)])) as Record<Category, number>,
      metrics: Object.fromEntries(Object.keys(metrics).map((m) => [m, value(m as Metric)])) as Record<
        Metric,
        number
      >,
      failing,
      // An estimate (blocking.ts): never more than the TBT it is part of.
      tbtBeforePaint: Math.min(
        value("TBT"),
        blockingBegunBeforePaint(
          (lhr.audits["long-tasks"]?.details as { items?: LongTask[] } | undefined)?.items ?? [],
          value("FCP"),
          lhr.audits.interactive?.numericValue ?? Number.NaN,
        ),
      ),
      lighthouse: lhr.lighthouseVersion,
      cpuShare: mainThreadCpuShare(
        result.artifacts.Trace.traceEvents as TraceEvent[],
        documentUrl,
        // A trace recorded under devtools throttling is already slowed down.
        lhr.configSettings.throttlingMethod === "devtools"
          ? 1
          : lhr.configSettings.throttling.cpuSlowdownMultiplier,
      ),
      ...(preset === "mobile" && method === "simulate" && !lhr.runtimeError
        ? { atThreadTime: await auditAtThreadTime(url, documentUrl, result.artifacts, flags, label) }
        : {}),
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.code } : {}),
    };
  } finally {
    chrome.kill();
  }
}

type Artifacts = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["artifacts"];

/**
 * Lighthouse's audits run again on a run's artifacts, its trace with the page's main-thread tasks
 * at their thread time (thread-time.ts, ADR 069): saved to a throw-away folder and read back in
 * Lighthouse's audit mode (its `-A`), with the run's own settings, as Lighthouse requires. If
 * that fails, the run keeps Lighthouse's own figures and this one is unknown (NaN).
 */
async function auditAtThreadTime(
  url: string,
  documentUrl: string,
  artifacts: Artifacts,
  flags: ReturnType<typeof runFlags> & { output: "json"; logLevel: "error" },
  label: string,
): Promise<{ TBT: number; performance: number; removedMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-web-artifacts-"));
  try {
    const shortened = atThreadTime(artifacts.Trace.traceEvents as TraceEvent[], documentUrl);
    const Trace = { ...artifacts.Trace, traceEvents: shortened.events as typeof artifacts.Trace.traceEvents };
    await saveArtifacts({ ...artifacts, Trace }, dir);
    const again = await lighthouse(url, { ...flags, auditMode: dir });
    const lhr = again?.lhr;
    return {
      TBT: lhr?.audits[metrics.TBT]?.numericValue ?? Number.NaN,
      performance: Math.round((lhr?.categories.performance?.score ?? Number.NaN) * 100),
      removedMs: shortened.removedMs,
    };
  } catch (err) {
    console.log(`[${label}] the audit at thread time failed: ${String(err)}`);
    return { TBT: Number.NaN, performance: Number.NaN, removedMs: Number.NaN };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
