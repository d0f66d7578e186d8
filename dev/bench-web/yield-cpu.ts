// `bench:web` runs the site's server (wrangler dev, and for `live` the local station) on the
// machine that plays the phone (ADR 050). A listener's phone does not share its CPU with the
// server; Lighthouse's simulation multiplies every task it observed, including the time the
// page's main thread waited for a core the server held. So the server's processes yield: each of
// their threads gets the lowest priority (nice 19), and threads and processes they start later
// inherit it.
import { readdirSync } from "node:fs";
import { setPriority } from "node:os";
import { processIds, statFields } from "../proc.ts";

/** The lowest priority a process can give itself. */
export const lowestPriority = 19;

/** Every process below `root` in a table of process -> parent, however deep. */
export function descendants(root: number, parentOf: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parentOf) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found = new Set<number>();
  const queue = [...(children.get(root) ?? [])];
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    if (found.has(pid)) continue;
    found.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return [...found];
}

/** The parent of each process now running (Linux; throws where there is no /proc). */
export function processTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (const pid of processIds()) {
    const fields = statFields(pid);
    if (fields) table.set(pid, Number(fields[1]));
  }
  return table;
}

/**
 * Gives every thread of every process below `root` (not `root` itself) the lowest priority.
 * Returns how many threads it lowered; 0 where the system has no /proc (the bench then measures
 * as before, with the server competing).
 */
export function yieldCpuBelow(root: number): number {
  let table: Map<number, number>;
  try {
    table = processTable();
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const pid of descendants(root, table)) {
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // ended meanwhile
    }
    for (const tid of threads) {
      try {
        // On Linux a priority is a thread's own: the process id alone would lower one thread.
        setPriority(Number(tid), lowestPriority);
        lowered += 1;
      } catch {
        // ended meanwhile
      }
    }
  }
  return lowered;
}
