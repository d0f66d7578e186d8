// `npm run bench:live [-- --clients N --rotations R --shards S]`: a benchmark of live now playing, not a
// test (it never fails on the figures). Starts the local site and station (on free ports, fresh
// state), opens N WebSocket clients to /api/radio/live from Node (default 2,000), rotates the
// station's title R times (default 10), and prints the delay from each rotation to each
// client's receipt (p50, p99, max), the messages lost, and the live room's upstream reads per
// minute (which must not depend on N).
import { parseArgs } from "node:util";
import { startSite } from "./local-site.ts";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "2000" },
    rotations: { type: "string", default: "10" },
    shards: { type: "string", default: "1" },
  },
});
const clientCount = Number(values.clients);
const rotations = Number(values.rotations);
const connectBatch = 100;
const deliveryTimeoutMs = 10_000;

type Client = { socket: WebSocket; receivedAt: Map<string, number> };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

let clientNumber = 0;

/**
 * A player of the site's own page (its Origin), each from an address of its own (the local stack
 * takes CF-Connecting-IP as given): one network may hold only LIVE_SOCKETS_PER_NETWORK sockets.
 */
function openClient(url: string): Promise<Client> {
  const n = clientNumber++;
  const headers = {
    Origin: new URL(url).origin.replace(/^ws/, "http"),
    "CF-Connecting-IP": `198.18.${n >> 8}.${n & 255}`,
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no first message within 30 s")), 30_000);
    // Node's WebSocket (undici) takes headers beside the standard arguments.
    const socket = new WebSocket(url, { headers } as unknown as string[]);
    const client: Client = { socket, receivedAt: new Map() };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { current?: { title?: string } };
      const title = message.current?.title;
      if (title && !client.receivedAt.has(title)) client.receivedAt.set(title, Date.now());
      clearTimeout(timer);
      resolve(client);
    };
    socket.onerror = (event) =>
      reject(new Error(`a client could not connect: ${(event as ErrorEvent).message ?? "error"}`));
  });
}

async function main() {
  console.log(`bench:live: starting the local site (station rotates only when told) ...`);
  const site = await startSite({ rotateSeconds: 24 * 60 * 60, vars: { LIVE_SHARDS: values.shards } });
  const liveUrl = `${site.baseUrl.replace(/^http/, "ws")}/api/radio/live`;
  const helper = site.stationHelperUrl;
  const upstreamReads = async () =>
    (
      (await (await fetch(`${site.baseUrl}/api/health`)).json()) as {
        live: { upstreamReadsLastMinute: number };
      }
    ).live.upstreamReadsLastMinute;
  try {
    const connectStarted = Date.now();
    const clients: Client[] = [];
    for (let i = 0; i < clientCount; i += connectBatch) {
      const batch = Math.min(connectBatch, clientCount - i);
      if (i % 1000 === 0 && i > 0) console.log(`bench:live: ${i} clients connected`);
      try {
        clients.push(...(await Promise.all(Array.from({ length: batch }, () => openClient(liveUrl)))));
      } catch (err) {
        console.log(`bench:live: connecting stopped after ${clients.length} clients: ${String(err)}`);
        throw err;
      }
    }
    console.log(`bench:live: ${clients.length} clients connected in ${Date.now() - connectStarted} ms`);
    const readsBefore = await upstreamReads();

    const delays: number[] = [];
    let lost = 0;
    const runStarted = Date.now();
    for (let round = 0; round < rotations; round++) {
      const since = Date.now();
      const res = await fetch(`${helper}/rotate`, { method: "POST" });
      const { current } = (await res.json()) as { current: { title: string } };
      const deadline = since + deliveryTimeoutMs;
      while (Date.now() < deadline && clients.some((c) => !c.receivedAt.has(current.title))) {
        await new Promise((r) => setTimeout(r, 20));
      }
      for (const client of clients) {
        const at = client.receivedAt.get(current.title);
        if (at === undefined) lost++;
        else delays.push(at - since);
        client.receivedAt.delete(current.title);
      }
      // Let the title play a moment, as a station would, before the next change.
      await new Promise((r) => setTimeout(r, 1000));
    }
    // A full minute of the room's work with N clients connected, for the reads-per-minute figure.
    const waitForMinute = 60_000 - (Date.now() - runStarted);
    if (waitForMinute > 0) await new Promise((r) => setTimeout(r, waitForMinute));
    const readsWithClients = await upstreamReads();

    delays.sort((a, b) => a - b);
    const expected = clients.length * rotations;
    console.log(
      `bench:live: N = ${clients.length} clients on ${values.shards} shard(s), ${rotations} rotations (LIVE_POLL_SECONDS 2)`,
    );
    console.log(
      `  delivery delay, rotate call -> receipt: p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, max ${delays.at(-1)} ms`,
    );
    console.log(`  messages lost: ${lost} of ${expected}`);
    console.log(
      `  upstream reads per minute: ${readsBefore} before the rotations, ${readsWithClients} over the last minute with ${clients.length} clients`,
    );
    for (const client of clients) client.socket.close();
  } finally {
    await site.stop();
  }
}

await main();
