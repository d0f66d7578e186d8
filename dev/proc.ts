// Linux's process table, read from /proc: shared by the tools that look at running processes
// (the engines' tied processes, the backup's check for a running site, the bench's server).
import { readdirSync, readFileSync } from "node:fs";

/** The ids of the processes running now. Throws where the system has no /proc. */
export function processIds(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/**
 * The fields of /proc/<pid>/stat after the command name, from its state on: [state, ppid, pgrp,
 * …]; field n of proc(5) is at n - 3. The name in parentheses may hold spaces and brackets, so
 * the fields are read after its last ")". Null once the process has ended.
 */
export function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}
