// bench:web's server yields the CPU to the page it serves (ADR 050): every thread below the bench,
// however deep, gets the lowest priority; the bench itself keeps its own.
import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { descendants, lowestPriority, processTable, yieldCpuBelow } from "../../dev/bench-web/yield-cpu.ts";
import { statFields } from "../../dev/proc.ts";

/** A process's niceness: field 19 of its stat (proc(5)). */
const niceOf = (pid: number) => Number(statFields(pid)?.[19 - 3]);

let shell: ChildProcess | undefined;
afterEach(() => {
  if (shell?.pid) process.kill(-shell.pid, "SIGKILL");
  shell = undefined;
});

describe("the bench server's processes", () => {
  it("are found however deep below the bench, and nothing else is", () => {
    const parentOf = new Map([
      [10, 1], // the bench
      [11, 10], // wrangler
      [12, 11], // workerd
      [13, 12], // a process workerd started
      [20, 1], // another program
      [21, 20],
    ]);
    expect(descendants(10, parentOf).sort()).toEqual([11, 12, 13]);
    expect(descendants(13, parentOf)).toEqual([]);
  });

  it("run at the lowest priority, grandchildren too, while the bench keeps its own", async () => {
    // The outer shell stands for the bench, the inner one for wrangler, sleep for workerd.
    shell = spawn("sh", ["-c", "sh -c 'sleep 30 & wait' & wait"], { detached: true, stdio: "ignore" });
    const bench = shell.pid as number;
    let below: number[] = [];
    for (let i = 0; i < 50 && below.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      below = descendants(bench, processTable());
    }
    expect(below).toHaveLength(2);
    const own = niceOf(bench);

    expect(yieldCpuBelow(bench)).toBeGreaterThanOrEqual(2);
    for (const pid of below) expect(niceOf(pid)).toBe(lowestPriority);
    expect(niceOf(bench)).toBe(own);
    expect(own).not.toBe(lowestPriority);
  });
});
