// How much of its blocking tasks' wall time the page's main thread spent on a CPU, from the
// trace Lighthouse recorded. Lighthouse's simulation multiplies each task's wall time by the CPU
// slowdown; on a busy host a task is long partly because its thread waited for a core, and that
// wait is multiplied like work. A low share says the run's TBT is the host's as much as the
// page's (ADR 060); a 50 ms busy loop on an idle page here is on a CPU for 94-100% of its time.

/** The trace events this reads: Chromium's complete events, with wall (dur) and thread (tdur) µs. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Start, µs. */
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { beginData?: { url?: string } };
};

/** Two URLs of one document: a trailing slash, a query or a fragment aside. */
const sameDocument = (a: string, b: string) => {
  const bare = (url: string) => url.replace(/[?#].*$/, "").replace(/\/$/, "");
  return bare(a) === bare(b);
};

/**
 * Of the page's main-thread tasks (RunTask) that count as blocking once slowed down (over 50 ms
 * after `slowdown`), the share of their wall time their thread was on a CPU: 0-1. The page's
 * main thread is the one that parsed `url`'s HTML. NaN when there is no such thread or task.
 */
export function mainThreadCpuShare(events: readonly TraceEvent[], url: string, slowdown: number): number {
  const parser = events.find(
    (e) => e.name === "ParseHTML" && sameDocument(e.args?.beginData?.url ?? "", url),
  );
  if (!parser) return Number.NaN;
  const tasks = events
    .filter((e) => e.name === "RunTask" && e.ph === "X" && e.pid === parser.pid && e.tid === parser.tid)
    .sort((a, b) => a.ts - b.ts);
  let wall = 0;
  let cpu = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    // A task run inside another (a nested loop) is part of that one's time already.
    if (task.ts < end || task.dur === undefined || task.tdur === undefined) continue;
    end = task.ts + task.dur;
    if ((task.dur / 1000) * slowdown <= 50) continue;
    wall += task.dur;
    cpu += Math.min(task.tdur, task.dur);
  }
  return wall > 0 ? cpu / wall : Number.NaN;
}
