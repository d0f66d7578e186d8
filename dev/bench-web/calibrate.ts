// The CPU slowdown that makes this machine the phone Lighthouse's mobile preset stands for
// (a mid-tier mobile), from Lighthouse's own BenchmarkIndex, as its throttling guide describes
// (docs/throttling.md, "Calibrating the CPU slowdown"). Lighthouse's constant 4x turns a
// high-end desktop (BenchmarkIndex about 1,500) into that phone; on a slower machine 4x
// simulates a slower phone, on a faster one a faster phone.
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromium } from "playwright-core";
import { chromiumFlags, chromiumPath } from "../chromium.ts";
import { median } from "./summary.ts";

/** Lighthouse's mobile preset's CPU slowdown when not calibrated. */
export const defaultMobileSlowdown = 4;

/**
 * The slowdown for a machine of this BenchmarkIndex, following the guide's calculator: a
 * straight line between its calibration points (150 -> 1x, 800 -> 2x, 1,300 -> 3x), then one
 * more x for each 233 above 1,300 (1,533 -> 4x, 2,000 -> 6x). Below 150 the machine is slower
 * than the phone itself and cannot stand for it.
 */
export function mobileSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150)
    throw new Error(`bench: a BenchmarkIndex of ${benchmarkIndex} is slower than the phone to simulate`);
  const x =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(x * 10) / 10;
}

/**
 * This machine's BenchmarkIndex: Lighthouse's own page function, run as Lighthouse runs it (in
 * a fresh unthrottled page), the median of `samples`. It varies by some percent run to run.
 */
export async function measureBenchmarkIndex(samples = 5): Promise<number> {
  const fn = pageFunctions.computeBenchmarkIndex;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags.filter((flag) => flag !== "--headless"),
  });
  try {
    const values: number[] = [];
    for (let i = 0; i < samples; i++) {
      const page = await browser.newPage();
      values.push(await page.evaluate(`(${fn.toString()})()`));
      await page.close();
    }
    return median(values);
  } finally {
    await browser.close();
  }
}

/** A `--cpu` choice's slowdown (null: calibrated before each run) and the name it is printed by. */
export function cpuChoice(choice: string): { slowdown: number | null; cpu: string } {
  if (choice === "calibrated") return { slowdown: null, cpu: "calibrated" };
  if (choice === "default")
    return { slowdown: defaultMobileSlowdown, cpu: `${defaultMobileSlowdown}x default` };
  return { slowdown: Number(choice), cpu: `${Number(choice)}x` };
}
