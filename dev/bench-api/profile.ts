// `bench:api --profile`: a CPU profile of the worker's isolate while one target is under load,
// taken over workerd's inspector (Chrome DevTools Protocol), and the functions that spent the most
// time themselves. The .cpuprofile file opens in Chrome DevTools' Performance panel.

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
export type CpuProfile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** Connects to the isolate of `worker` on workerd's inspector at `port` and starts profiling. */
export async function startProfile(port: number, worker: string): Promise<() => Promise<CpuProfile>> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/core:user:${worker}`);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`no inspector on port ${port}`)), { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  await send("Profiler.start");
  return async () => {
    const { profile } = (await send("Profiler.stop")) as { profile: CpuProfile };
    socket.close();
    return profile;
  };
}

/** The `count` functions with the most self time, as lines of a table. */
export function topSelfTime(profile: CpuProfile, count = 20): string {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const frame = byNode.get(id)?.callFrame;
    const name = frame
      ? `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop() ?? ""}:${frame.lineNumber + 1}`
      : "?";
    selfMicros.set(name, (selfMicros.get(name) ?? 0) + delta);
    total += delta;
  });
  return [...selfMicros]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join("\n");
}
