// The baseline: a plain node:http static file server, run as its own process (so it shares no
// event loop with the load generator). Every request reads the file from disk, as a naive
// static server does, and answers it as JSON. Started by dev/bench-api.ts with the file as
// its argument; it reports its port over the IPC channel and stops when that closes.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const file = process.argv[2];
if (!file || !process.send) throw new Error("usage: forked by dev/bench-api.ts with the file to serve");

const server = createServer((_req, res) => {
  readFile(file).then(
    (body) => {
      res.writeHead(200, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": body.length,
        "Cache-Control": "public, max-age=5",
      });
      res.end(body);
    },
    () => res.writeHead(500).end(),
  );
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on("disconnect", () => process.exit(0));
