// A slow phone's start for any engine (ADR 035): the site as it is, through a proxy on loopback
// that holds the app's entry script until the test releases it, so that the prerendered page is
// painted and pressed before the app runs. The engines' drivers have no request interception
// (WebDriver classic has none), so the holding is done here, on the wire. The proxy also answers
// /__blank, a page of its origin without the app, to start from.
import { createServer, request } from "node:http";
import { connect } from "node:net";
import { freePort } from "#dev/local-site.ts";

export type HeldEntry = {
  /** The proxy's origin (http://127.0.0.1:port). */
  url: string;
  /** Lets every held and later request for the entry through. */
  release: () => void;
  /** How many requests for the entry came in. */
  asked: () => number;
  stop: () => Promise<void>;
};

const entryPath = /^\/assets\/index-[\w-]+\.js$/;
/** A held entry goes through by itself this long after it was first asked for, so that a failed test ends. */
const holdAtMostMs = 30_000;

export async function holdEntry(siteUrl: string): Promise<HeldEntry> {
  const site = new URL(siteUrl);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  // The site's own origin, as its guards want it (same-origin writes, the live socket).
  const asTheSite = (name: string, value: string) =>
    name.toLowerCase() === "host" ? site.host : name.toLowerCase() === "origin" ? site.origin : value;
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/__blank") {
      res
        .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
        .end("<!doctype html><title>blank</title>");
      return;
    }
    const forward = () => {
      const upstream = request(
        {
          host: site.hostname,
          port: site.port,
          method: req.method,
          path,
          headers: Object.fromEntries(
            Object.entries(req.headers).map(([name, value]) => [name, asTheSite(name, String(value))]),
          ),
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    };
    if (entryPath.test(path.split("?")[0] ?? "")) {
      if (asked++ === 0) setTimeout(release, holdAtMostMs).unref();
      void released.then(forward);
    } else forward();
  });
  // The live socket (/api/radio/live) passes through as bytes after its request; closed with the
  // proxy, as the server does not count upgraded sockets among its connections.
  const sockets = new Set<{ destroy: () => void }>();
  server.on("upgrade", (req, socket, head) => {
    const upstream = connect(Number(site.port), site.hostname, () => {
      const lines: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] ?? "";
        lines.push(`${name}: ${asTheSite(name, req.rawHeaders[i + 1] ?? "")}`);
      }
      const headers = lines.join("\r\n");
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
    sockets.add(socket).add(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    release,
    asked: () => asked,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
