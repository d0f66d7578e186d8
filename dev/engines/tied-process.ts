// Processes tied to this one (dev/engines/webkit.ts): a command and whatever it starts end when this
// Node process ends, however it ends; and an X display of their own (Xvfb) for the browsers.
import { type ChildProcess, spawn } from "node:child_process";
import { processIds, statFields } from "../proc.ts";

export const xvfbPath = "/usr/bin/Xvfb";

/**
 * Whether a process of group `pgid` still runs. A zombie does not count: it has ended and waits
 * for its parent, here often init once the shell is gone, to reap it.
 */
function groupRunning(pgid: number): boolean {
  return processIds().some((pid) => {
    const fields = statFields(pid);
    return fields !== null && Number(fields[2]) === pgid && fields[0] !== "Z";
  });
}

/** A process and whatever it starts, in a process group that ends when this Node process does. */
export type TiedProcess = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * Starts `command` under a shell that waits on its stdin, a pipe from this process: when this
 * process ends, however it ends (even killed), the pipe closes and the shell ends its whole process
 * group (the command, and the browsers and web processes it started). `stop` does the same now.
 * File descriptor 3 is a pipe too, for a command that answers on it (Xvfb -displayfd 3).
 */
export function spawnTied(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): TiedProcess {
  const child = spawn("/bin/sh", ["-c", '"$@" & cat >/dev/null; kill -TERM 0', "sh", command, ...args], {
    detached: true,
    env,
    stdio: ["pipe", "pipe", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const pgid = child.pid;
  return {
    child,
    output: () => output,
    async stop() {
      child.stdin?.end();
      if (pgid === undefined) return;
      const deadline = Date.now() + 5000;
      while (groupRunning(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      try {
        if (groupRunning(pgid)) process.kill(-pgid, "SIGKILL");
      } catch {
        // it ended meanwhile
      }
    },
  };
}

/** Starts Xvfb on the first free display; answers it (":N") once the server accepts clients. */
export async function startXvfb(): Promise<{ display: string; xvfb: TiedProcess }> {
  const xvfb = spawnTied(xvfbPath, ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]);
  const displayPipe = xvfb.child.stdio[3];
  if (!displayPipe || !("on" in displayPipe)) throw new Error("Xvfb: no pipe for -displayfd");
  const shown = new Promise<string>((resolve, reject) => {
    let text = "";
    const timer = setTimeout(
      () => reject(new Error(`Xvfb gave no display within 10 s:\n${xvfb.output()}`)),
      10_000,
    );
    displayPipe.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
    xvfb.child.once("exit", () => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited:\n${xvfb.output()}`));
    });
  });
  try {
    return { display: await shown, xvfb };
  } catch (error) {
    await xvfb.stop();
    throw error;
  }
}
