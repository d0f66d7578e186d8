// bench:web's static server (the floor, `--static`): dist/client as Cloudflare serves it, each
// document with the headers the worker sends its documents (ADR 058), so what those headers cost
// as a page starts is in the floor's figures as it is in the site's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BenchServer, serveDirectory } from "#dev/bench-web/server.ts";
import { bootScriptHash } from "#schema/boot-script.ts";
import { applySecurityHeaders } from "#worker/http/security-headers.ts";

let dir: string;
let server: BenchServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bench-web-server-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>home</title>");
  writeFileSync(join(dir, "about.html"), "<!doctype html><title>about</title>");
  writeFileSync(join(dir, "assets", "index-abc.js"), "export {};");
  server = await serveDirectory(dir);
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("bench:web's static server", () => {
  it("sends each document the worker's headers, its CSP and opener policy among them", async () => {
    const expected = new Headers();
    await applySecurityHeaders(expected, undefined);
    for (const path of ["/", "/about", "/no-such-page"]) {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      // The boot script the floor and the site inline runs under it.
      expect(response.headers.get("content-security-policy")).toContain(await bootScriptHash());
      for (const [name, value] of expected) expect(response.headers.get(name), name).toBe(value);
    }
  });

  it("sends a script as before: immutable, without the documents' headers", async () => {
    const response = await fetch(`${server.url}/assets/index-abc.js`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("cross-origin-opener-policy")).toBeNull();
    expect(await response.text()).toBe("export {};");
  });
});
