// One target under load with autocannon, and the table of what it measured.
import { fork } from "node:child_process";
import { join } from "node:path";
import autocannon from "autocannon";

export type LoadOptions = { connections: number; seconds: number; warmupSeconds: number };

export type Measurement = {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors or timeouts: any makes the run fail. */
  problems: string[];
};

/** The value below which `p` percent of the sorted samples lie (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Warms the target up, then loads it for `seconds`. Latencies are taken from each response
 * (autocannon's own histogram keeps whole milliseconds, too coarse for loopback answers).
 */
export async function measure(
  url: string,
  options: LoadOptions,
  headers: Record<string, string> = {},
): Promise<Measurement> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    ...(options.warmupSeconds > 0
      ? { warmup: { connections: options.connections, duration: options.warmupSeconds } }
      : {}),
  });
  instance.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const problems: string[] = [];
  const statuses = Object.entries(result.statusCodeStats).filter(([code]) => !code.startsWith("2"));
  if (result.non2xx > 0)
    problems.push(
      `${result.non2xx} non-2xx answers (${statuses.map(([c, s]) => `${c}×${s.count}`).join(", ")})`,
    );
  if (result.errors > 0) problems.push(`${result.errors} connection errors (${result.timeouts} timeouts)`);
  return {
    reqPerSec: result.requests.average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    problems,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[mid] ?? Number.NaN;
  return ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
}

/** One target's runs: under load (`connections` at once) and alone (one request at a time). */
export type Row = { target: string; load: Measurement[]; alone: Measurement[] };

/**
 * The table, with the median over the runs and the worst run. Throughput comes from the runs
 * under load; latency from both: alone it is what one call costs, under load it adds the wait
 * behind the other connections on a worker that is already saturated.
 */
export function table(rows: Row[], connections: number): string {
  const header = [
    "target",
    "req/s median",
    "req/s lowest",
    "p50 ms alone",
    "p99 ms alone",
    "p99 ms alone, worst",
    `p50 ms ${connections} conn.`,
    `p99 ms ${connections} conn.`,
  ];
  const body = rows.map(({ target, load, alone }) => {
    const rps = load.map((r) => r.reqPerSec);
    const figures = [
      median(rps),
      Math.min(...rps),
      median(alone.map((r) => r.p50)),
      median(alone.map((r) => r.p99)),
      Math.max(...alone.map((r) => r.p99)),
      median(load.map((r) => r.p50)),
      median(load.map((r) => r.p99)),
    ];
    return [target, ...figures.map((n, i) => (i < 2 ? n.toFixed(0) : n.toFixed(2)))];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(header), rule, ...body.map(line)].join("\n");
}

/** The median throughput over the runs (the goal compares now playing with the static file). */
export const medianRate = (row: Row | undefined) =>
  row ? median(row.load.map((r) => r.reqPerSec)) : Number.NaN;

export type Loader = {
  measure: (url: string, options: LoadOptions, headers?: Record<string, string>) => Promise<Measurement>;
  stop: () => void;
};

/** autocannon in a process of its own (load-process.ts), one target at a time. */
export function startLoader(): Loader {
  // "advanced": a figure autocannon could not take (NaN, no 2xx answer) stays NaN, not null.
  const child = fork(join(import.meta.dirname, "load-process.ts"), { serialization: "advanced" });
  let failure: Error | undefined;
  child.on("error", (error) => {
    failure = error;
  });
  child.on("exit", (code, signal) => {
    failure ??= new Error(`bench: the load generator exited (${signal ?? code})`);
  });
  return {
    measure: (url, options, headers = {}) =>
      new Promise((resolve, reject) => {
        if (failure || !child.connected) {
          reject(failure ?? new Error("bench: the load generator is gone"));
          return;
        }
        const onExit = () => {
          child.off("message", onMessage);
          reject(failure ?? new Error("bench: the load generator exited"));
        };
        const onMessage = (message: unknown) => {
          child.off("exit", onExit);
          const answer = message as { result?: Measurement; error?: string };
          if (answer.result) resolve(answer.result);
          else reject(new Error(`bench: the load generator failed: ${answer.error}`));
        };
        child.once("exit", onExit);
        child.once("message", onMessage);
        child.send({ url, options, headers }, (error) => {
          if (!error) return;
          child.off("exit", onExit);
          child.off("message", onMessage);
          reject(error);
        });
      }),
    stop: () => {
      if (child.connected) child.disconnect();
    },
  };
}
