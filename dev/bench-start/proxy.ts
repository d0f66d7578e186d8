// A TCP proxy on loopback in front of the station's Icecast, which the site's stream URLs point
// at during bench:start, so the bench can take the network away from whatever engine plays:
// every open connection is closed at once on both sides (as `ss -K` does), new ones are reset as
// they arrive for a while, then the proxy forwards again. It notes each connection's request.
import { connect, createServer, type Socket } from "node:net";

export type ProxiedRequest = {
  /** The request line's path, e.g. /hd?reconnect=1 (empty when the connection sent none). */
  path: string;
  /** Date.now() when the connection arrived. */
  at: number;
  /** Reset at once: it arrived while the network was away. */
  refused: boolean;
};

export type StreamProxy = {
  /** http://127.0.0.1:<port>, the origin the site's stream URLs point at. */
  origin: string;
  /** Forward to Icecast on this loopback port (known once the station has started). */
  forwardTo(port: number): void;
  /** Closes every open connection and refuses new ones for `ms`; answers how many it closed. */
  drop(ms: number): number;
  /** Every connection so far, oldest first. */
  requests(): ProxiedRequest[];
  close(): Promise<void>;
};

export async function startStreamProxy(): Promise<StreamProxy> {
  let upstreamPort: number | null = null;
  let awayUntil = 0;
  const open = new Set<[Socket, Socket]>();
  const requests: ProxiedRequest[] = [];

  const server = createServer((client) => {
    const request: ProxiedRequest = { path: "", at: Date.now(), refused: false };
    requests.push(request);
    client.once("data", (chunk: Buffer) => {
      request.path = /^[A-Z]+ (\S+)/.exec(chunk.toString("latin1"))?.[1] ?? "";
    });
    if (upstreamPort === null || Date.now() < awayUntil) {
      request.refused = true;
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(upstreamPort, "127.0.0.1");
    const pair: [Socket, Socket] = [client, upstream];
    open.add(pair);
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the stream proxy has no port");

  return {
    origin: `http://127.0.0.1:${address.port}`,
    forwardTo(port) {
      upstreamPort = port;
    },
    drop(ms) {
      awayUntil = Date.now() + ms;
      const closed = open.size;
      for (const pair of [...open]) {
        open.delete(pair);
        // A reset, as a socket killed under the browser; Icecast sees its listener go.
        pair[0].resetAndDestroy();
        pair[1].destroy();
      }
      return closed;
    },
    requests: () => [...requests],
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, upstream] of open) {
          client.destroy();
          upstream.destroy();
        }
        open.clear();
        server.close(() => resolve());
      }),
  };
}
