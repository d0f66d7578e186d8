// `npm run bench:web`: builds the site, serves it on loopback and runs Lighthouse on / with
// the mobile and desktop presets, printing performance, FCP, LCP, TBT, CLS and the
// accessibility, best-practices and SEO scores. A benchmark, not a test: it never fails on
// the figures. Serves through `wrangler dev` (the real worker: API, CSP, headers) with a
// throw-away local state; `--static` serves dist/client with a tiny file server instead
// (no API), `--no-build` reuses the last build, `--verbose` prints what the failing audits point at.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumFlags, chromiumPath } from "./chromium.ts";

const root = resolve(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
const args = new Set(process.argv.slice(2));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

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

/** dist/client as Cloudflare serves it: /about -> about.html, unknown paths -> index.html. */
function staticServer(dir: string): Server {
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
    });
    res.end(readFileSync(file));
  });
}

function isFile(path: string) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

async function serve(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  if (args.has("--static")) {
    const server = staticServer(join(root, "dist/client"));
    await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(() => r())) };
  }
  const state = mkdtempSync(join(tmpdir(), "bench-web-"));
  execFileSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const wrangler: ChildProcess = spawn(
    bin("wrangler"),
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
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(url, 120_000);
  return {
    url,
    stop: async () => {
      if (wrangler.pid) process.kill(-wrangler.pid, "SIGTERM");
      rmSync(state, { recursive: true, force: true });
    },
  };
}

type Row = Record<string, string>;

async function audit(url: string, preset: "mobile" | "desktop"): Promise<Row> {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error" },
      preset === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const { categories, audits } = result.lhr;
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
    const value = (id: string) => audits[id]?.displayValue ?? "?";
    // Failing audits of the reported categories, with what Lighthouse points at.
    const reported = ["performance", "accessibility", "best-practices", "seo"];
    const ids = new Set(reported.flatMap((c) => categories[c]?.auditRefs.map((ref) => ref.id) ?? []));
    const failing = [...ids]
      .map((id) => audits[id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => a?.id ?? "");
    if (args.has("--verbose")) {
      for (const id of [
        ...failing,
        "largest-contentful-paint-element",
        "render-blocking-insight",
        "document-latency-insight",
      ]) {
        const details = audits[id]?.details as { items?: unknown[] } | undefined;
        console.log(
          `[${preset}] ${id}: ${JSON.stringify(details?.items ?? audits[id]?.displayValue ?? "").slice(0, 1500)}`,
        );
      }
    }
    return {
      preset,
      performance: score("performance"),
      FCP: value("first-contentful-paint"),
      LCP: value("largest-contentful-paint"),
      TBT: value("total-blocking-time"),
      CLS: value("cumulative-layout-shift"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      SEO: score("seo"),
      "failing audits": failing.join(", ") || "none",
    };
  } finally {
    chrome.kill();
  }
}

if (!args.has("--no-build")) {
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
if (!existsSync(join(root, "dist/client/index.html"))) throw new Error("bench: dist/client is not built");

const server = await serve();
try {
  console.log(
    `bench: Lighthouse ${args.has("--static") ? "(static server)" : "(wrangler dev)"} on ${server.url}/`,
  );
  const rows = [await audit(`${server.url}/`, "mobile"), await audit(`${server.url}/`, "desktop")];
  for (const row of rows) {
    console.log(`\n${row.preset}`);
    for (const [key, val] of Object.entries(row))
      if (key !== "preset") console.log(`  ${key.padEnd(16)} ${val}`);
  }
} finally {
  await server.stop();
}
