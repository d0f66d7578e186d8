// The page's trace as its main thread would have recorded it had it never waited: each of its
// top-level tasks shortened to its thread time, what happened inside it drawn closer to its
// start in proportion. Lighthouse's simulation multiplies each task's wall time by the CPU
// slowdown; on this two-core host most of that wall time is the thread asleep inside the task,
// blocked on other threads and processes that are waiting for a core (ADR 069), which a phone's
// cores would have run beside it. Audited again, the shortened trace gives the blocking time of
// the page's own work, slowed down, about the same on any host.
import { pageMainThread, type TraceEvent, topLevelTasks } from "./cpu-share.ts";

/**
 * A copy of `events` with the page's main-thread tasks at their thread time (the page is the
 * document of `url`, cpu-share.ts), and how many ms of wall time that took away. Every other
 * thread's events are the same objects, untouched; the trace is returned as it is when the
 * page's thread is not in it.
 */
export function atThreadTime<E extends TraceEvent>(
  events: readonly E[],
  url: string,
): { events: E[]; removedMs: number } {
  const thread = pageMainThread(events, url);
  if (!thread) return { events: [...events], removedMs: 0 };
  const onThread = (e: TraceEvent) => e.pid === thread.pid && e.tid === thread.tid;
  // Each top-level task that waited: its window, and how much of it the thread was on a CPU.
  const shrinking = topLevelTasks(events, thread)
    .filter((task) => task.dur > 0 && task.tdur < task.dur)
    .map((task) => ({
      task,
      start: task.ts,
      end: task.ts + task.dur,
      ratio: Math.max(0, task.tdur) / task.dur,
    }));
  let removed = 0;
  let next = 0;
  const byStart = events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => onThread(event))
    .sort((a, b) => a.event.ts - b.event.ts);
  const replaced = new Map<number, E>();
  for (const { event, index } of byStart) {
    while (next < shrinking.length && (shrinking[next]?.end ?? 0) <= event.ts) next++;
    const window = shrinking[next];
    if (!window || event.ts < window.start) continue;
    const { start, ratio } = window;
    const copy = { ...event, ts: start + (event.ts - start) * ratio };
    if (event.dur !== undefined) {
      copy.dur = event.dur * ratio;
      if (event.tdur !== undefined) copy.tdur = Math.min(event.tdur, copy.dur);
    }
    if (event === window.task) removed += (event.dur ?? 0) - (copy.dur ?? 0);
    replaced.set(index, copy);
  }
  return {
    events: events.map((event, index) => replaced.get(index) ?? event),
    removedMs: removed / 1000,
  };
}
