// Whether another process has the local state open. `npm start`'s workerd opens the state's
// directories and SQLite files when it starts and keeps them open while it runs, request or no
// request; a restore beside it would race the running site for the same database. Read from
// /proc on Linux and with lsof elsewhere: it names the processes that hold this directory, not a
// port or a lock file that something else could hold or leave behind (ADR 029).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import { sep } from "node:path";
import { processIds, statFields } from "../proc.ts";

export type Holder = { pid: number; command: string; parent: number | null };

const isInside = (dir: string) => (path: string) => path === dir || path.startsWith(`${dir}${sep}`);

/** This process and the ones it started (its own Miniflare's workerd) do not count. */
const isOurs = (h: Holder) => h.pid === process.pid || h.parent === process.pid;

function procCommand(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return "";
  }
}

function procParent(pid: number): number | null {
  return Number(statFields(pid)?.[1]) || null;
}

/** Holders from /proc/<pid>/fd. Processes of other users cannot be read and are skipped. */
export function holdersFromProc(dir: string): Holder[] {
  const inside = isInside(realpathSync(dir));
  const holders: Holder[] = [];
  for (const pid of processIds()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        return inside(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (holds) holders.push({ pid, command: procCommand(pid), parent: procParent(pid) });
  }
  return holders.filter((h) => !isOurs(h));
}

/** Holders from `lsof +D`; null when lsof is not installed. */
export function holdersFromLsof(dir: string): Holder[] | null {
  let out: string;
  try {
    out = execFileSync("lsof", ["-F", "pcR", "+D", realpathSync(dir)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch (err) {
    const e = err as { code?: string; status?: number; stdout?: string };
    if (e.code === "ENOENT") return null;
    // lsof exits with 1 when no process has a file there, and on warnings it also prints.
    out = e.stdout ?? "";
  }
  const holders: Holder[] = [];
  for (const line of out.split("\n")) {
    if (line.startsWith("p")) holders.push({ pid: Number(line.slice(1)), command: "", parent: null });
    const last = holders.at(-1);
    if (last && line.startsWith("c")) last.command = line.slice(1);
    if (last && line.startsWith("R")) last.parent = Number(line.slice(1));
  }
  return holders.filter((h) => !isOurs(h));
}

/** The processes, other than this one and its children, with a file under `dir` open; null when this system cannot tell. */
export function processesUsing(dir: string): Holder[] | null {
  if (!existsSync(dir)) return [];
  return existsSync("/proc/self/fd") ? holdersFromProc(dir) : holdersFromLsof(dir);
}

/**
 * A command line as a person reads it: each path is shortened to the program it names
 * (`…/node_modules/wrangler/wrangler-dist/cli.js` is `wrangler`, `/usr/bin/node` is `node`), so a
 * checkout in a deep folder still shows `node wrangler dev` within the line's 120 characters.
 */
export function shortCommand(command: string): string {
  const words = command.split(" ").map((word) => {
    if (!word.startsWith("/")) return word;
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:[^/]+\/)*[^/]+$/.exec(word);
    if (inPackage && /\.[cm]?js$/.test(word)) return inPackage[1] as string;
    return word.slice(word.lastIndexOf("/") + 1) || word;
  });
  const line = words.join(" ");
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

/** A holder as a person recognises it: workerd is started by `wrangler dev`, so name that too. */
export function describeHolder(holder: Holder): string {
  const shown = shortCommand;
  let line = `${shown(holder.command) || "a process"} (pid ${holder.pid})`;
  for (let pid = holder.parent, depth = 0; pid && pid > 1 && depth < 5; pid = procParent(pid), depth++) {
    const command = procCommand(pid);
    if (/wrangler/.test(command) && !/wrangler/.test(holder.command)) {
      line += `, started by ${shown(command)} (pid ${pid})`;
      break;
    }
  }
  return line;
}
