// A stand-in for the radio host: answers /status-json.xsl as Icecast 2.4 does (one source per
// mount, "Artist - Title"), always the same track, and counts the reads so the benchmark can
// show that listeners' requests never reach it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What the stand-in always plays ("Artist - Title", as Icecast reports a stream title). */
export const fakeStreamTitle = "Bench Quartet - Slow Afternoon";

export type FakeIcecast = { url: string; reads: () => number; close: () => Promise<void> };

export async function startFakeIcecast(): Promise<FakeIcecast> {
  let reads = 0;
  const server = createServer((req, res) => {
    if (new URL(req.url ?? "/", "http://x").pathname !== "/status-json.xsl") {
      res.writeHead(404).end();
      return;
    }
    reads++;
    const base = `http://${req.headers.host ?? "127.0.0.1"}`;
    const source = (mount: string, listeners: number) => ({
      listenurl: `${base}${mount}`,
      server_name: "Lounge Radio",
      title: fakeStreamTitle,
      listeners,
    });
    const body = {
      icestats: {
        admin: "icemaster@localhost",
        server_id: "Icecast 2.4.4",
        source: [source("/hd", 12), source("/sd", 5), source("/mobile", 3)],
      },
    };
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reads: () => reads,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
