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

/** The page's main thread (the one that parsed `url`'s HTML): its pid and tid, if the trace has it. */
export function pageMainThread(events: readonly TraceEvent[], url: string) {
  const parser = events.find(
    (e) => e.name === "ParseHTML" && sameDocument(e.args?.beginData?.url ?? "", url),
  );
  return parser ? { pid: parser.pid, tid: parser.tid } : undefined;
}

/**
 * The top-level tasks (RunTask) of a thread, in order, each with its wall and thread time. A
 * task run inside another (a nested loop) is part of that one's time already, so it is left out.
 */
export function topLevelTasks(events: readonly TraceEvent[], thread: { pid: number; tid: number }) {
  const tasks = events
    .filter((e) => e.name === "RunTask" && e.ph === "X" && e.pid === thread.pid && e.tid === thread.tid)
    .sort((a, b) => a.ts - b.ts);
  const top: (TraceEvent & { dur: number; tdur: number })[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (task.ts < end || task.dur === undefined || task.tdur === undefined) continue;
    end = task.ts + task.dur;
    top.push(task as TraceEvent & { dur: number; tdur: number });
  }
  return top;
}

/**
 * Of the page's main-thread tasks that count as blocking once slowed down (over 50 ms after
 * `slowdown`), the share of their wall time their thread was on a CPU: 0-1. NaN when there is
 * no such thread or task.
 */
export function mainThreadCpuShare(events: readonly TraceEvent[], url: string, slowdown: number): number {
  const thread = pageMainThread(events, url);
  if (!thread) return Number.NaN;
  let wall = 0;
  let cpu = 0;
  for (const task of topLevelTasks(events, thread)) {
    if ((task.dur / 1000) * slowdown <= 50) continue;
    wall += task.dur;
    cpu += Math.min(task.tdur, task.dur);
  }
  return wall > 0 ? cpu / wall : Number.NaN;
}
