// The site under test for `npm run bench:web`: `wrangler dev` (the real worker: API, CSP,
// headers) with a throw-away local state that holds 83 days of plays, or with `static` a tiny
// file server over dist/client (no API) that sends its documents the worker's headers. One
// server is started for all the Lighthouse runs.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { applySecurityHeaders } from "#worker/http/security-headers.ts";
import { historySeedSql } from "../bench-api/seed.ts";
import { freePort } from "../local-site.ts";

/** The plays bench:web's site starts with: 83 days of them, as bench:api's. */
const historyRows = 30_000;

export type BenchServer = { url: string; stop: () => Promise<void> };

async function waitForOk(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`bench: ${url} did not answer within ${timeoutMs / 1000} s`);
}

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain",
};

function isFile(path: string) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The headers the worker sends with every document (without configuration: no stream host).
 * They cost the page something as it starts: Cross-Origin-Opener-Policy puts it in a browsing
 * context group of its own, a longer navigation commit (ADR 058). The embed's own policy
 * (worker/routes/embed.ts) is not among them: `--static` serves /embed as the site's pages.
 */
async function documentHeaders(): Promise<Record<string, string>> {
  const headers = new Headers();
  await applySecurityHeaders(headers, undefined);
  return Object.fromEntries(headers);
}

/**
 * dist/client as Cloudflare serves it: /about -> about.html, unknown paths -> index.html, each
 * document with the worker's headers.
 */
function staticServer(dir: string, docHeaders: Record<string, string>): Server {
  return createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    if (path.startsWith("/api/")) {
      res
        .writeHead(404, { "Content-Type": "application/json" })
        .end('{"error":"not_found","message":"No API"}');
      return;
    }
    const candidates = [path, `${path}.html`, join(path, "index.html"), "/index.html"];
    const file = candidates.map((c) => join(dir, c)).find((f) => f.startsWith(dir) && isFile(f)) as string;
    const immutable = path.startsWith("/assets/");
    res.writeHead(200, {
      "Content-Type": types[extname(file)] ?? "application/octet-stream",
      ...(immutable ? { "Cache-Control": "public, max-age=31536000, immutable" } : {}),
      ...(extname(file) === ".html" ? docHeaders : {}),
    });
    res.end(readFileSync(file));
  });
}

/** A directory of built files, served as Cloudflare serves dist/client. */
export async function serveDirectory(dir: string): Promise<BenchServer> {
  const server = staticServer(dir, await documentHeaders());
  // Port 0: the system picks a free port as it binds, so no other process can take it first.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(() => r())) };
}

export async function serve(root: string, asStatic: boolean): Promise<BenchServer> {
  if (asStatic) return serveDirectory(join(root, "dist/client"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const wranglerBin = join(root, "node_modules/.bin/wrangler");
  const state = mkdtempSync(join(tmpdir(), "bench-web-"));
  const inState = (args: string[]) =>
    execFileSync(wranglerBin, [...args, "--local", "--persist-to", state], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
  try {
    inState(["d1", "migrations", "apply", "DB"]);
    // The pages as a station that has played for months shows them: /history lists its newest
    // plays (a hundred rows), /analytics counts them all. An empty history measured empty pages.
    inState(["d1", "execute", "DB", "--command", historySeedSql(historyRows, Date.now())]);
  } catch (error) {
    rmSync(state, { recursive: true, force: true });
    throw error;
  }
  const wrangler: ChildProcess = spawn(
    wranglerBin,
    [
      "dev",
      "--env-file",
      "dev/local.env",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
    ],
    { cwd: root, stdio: "ignore", detached: true },
  );
  const stop = async () => {
    if (wrangler.pid) process.kill(-wrangler.pid, "SIGTERM");
    rmSync(state, { recursive: true, force: true });
  };
  try {
    await waitForOk(url, 120_000);
  } catch (error) {
    await stop(); // wrangler is detached: it would outlive this process
    throw error;
  }
  return { url, stop };
}
