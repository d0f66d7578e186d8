// How much of a run's Total Blocking Time comes from tasks that began before the first paint.
// With simulated throttling, Lighthouse (Lantern) estimates FCP from a graph that keeps only the
// first task with a layout, the first with a paint and the first with HTML parsing. When a tiny
// task with a layout comes first (the empty document's, or a frame while the parser yields),
// the document's real first style and layout (25-40 ms at full speed here, fonts included) is not
// in that graph: the simulation puts FCP before its end, and the rest counts as blocking time
// after the paint. That is Lantern's estimate, not a task a listener waits on after the page
// shows, so bench:web prints it beside the TBT (docs/benchmarks.md). It is an approximation:
// the task times are those of the long-tasks audit (its own run of the same simulation, at most
// 20 tasks), and the FCP Lighthouse reports blends the two estimates each half of its TBT uses.

import { Metrics } from "lighthouse/core/lib/lantern/lantern.js";

/** A long task as Lighthouse's `long-tasks` audit gives it: simulated times, in ms. */
export type LongTask = { startTime: number; duration: number };

/**
 * The blocking time, by Lantern's own sum (the part of a task between FCP and TTI, less 50 ms),
 * of the long tasks that began before FCP. NaN when FCP is not known; no TTI counts to the end.
 */
export function blockingBegunBeforePaint(tasks: readonly LongTask[], fcp: number, tti: number): number {
  if (!Number.isFinite(fcp)) return Number.NaN;
  const begunBefore = tasks
    .filter((task) => task.startTime < fcp)
    .map((task) => ({ start: task.startTime, end: task.startTime + task.duration, duration: task.duration }));
  return Metrics.TBTUtils.calculateSumOfBlockingTime(
    begunBefore,
    fcp,
    Number.isFinite(tti) ? tti : Number.POSITIVE_INFINITY,
  );
}
