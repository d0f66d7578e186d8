// Runs in Node before the worker tests: starts the real local Icecast station and a local
// HTTP server that answers in the documented formats of the services we cannot reach from
// here (tests/worker/fakes/). Their URLs reach the tests as bindings (vitest.config.ts).
import { createServer } from "node:http";
import type { TestProject } from "vitest/node";
import { freePort } from "#dev/local-site.ts";
import { fakeHandlers } from "./fakes/index.ts";
import { startSiteStation } from "./start-station.ts";

declare module "vitest" {
  export interface ProvidedContext {
    icecastUrl: string;
    stationHelperUrl: string;
    fakesUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const station = await startSiteStation();
  const port = await freePort();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      for (const handle of fakeHandlers) {
        if (handle({ method: req.method ?? "GET", url, headers: req.headers, body }, res)) return;
      }
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: "no fake answers this path" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  project.provide("icecastUrl", station.icecastUrl);
  project.provide("stationHelperUrl", station.helperUrl);
  project.provide("fakesUrl", `http://127.0.0.1:${port}`);
  return async () => {
    server.close();
    await station.stop();
  };
}
