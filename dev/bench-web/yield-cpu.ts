// `bench:web` runs the site's server (wrangler dev, and for `live` the local station) on the
// machine that plays the phone (ADR 050). A listener's phone does not share its CPU with the
// server; Lighthouse's simulation multiplies every task it observed, including the time the
// page's main thread waited for a core the server held. So the server's processes yield: each of
// their threads gets the lowest priority (nice 19), and threads and processes they start later
// inherit it.
import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";

/** The lowest priority a process can give itself. */
export const lowestPriority = 19;

/** Every process below `root` in a table of process -> parent, however deep. */
export function descendants(root: number, parentOf: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parentOf) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    if (found.includes(pid)) continue;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** The parent of each process now running, from /proc/<pid>/stat (Linux). */
export function processTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces and brackets, so read after its last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      table.set(Number(entry), ppid);
    } catch {
      // it ended meanwhile
    }
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
