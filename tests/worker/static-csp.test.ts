// Files served straight from the edge (hashed assets, icons, the manifest, and the SPA fallback for a
// missing /assets/* file) never pass through the worker, so web/public/_headers must carry a
// CSP of its own: the worker's, without what depends on configuration, and never looser.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bootScriptHash } from "#schema/boot-script.ts";
import headersFile from "#web/public/_headers?raw";
import { applySecurityHeaders, contentSecurityPolicyDirectives } from "#worker/http/security-headers.ts";
import { getConfig } from "#worker/lib/config.ts";
import wranglerToml from "../../wrangler.toml?raw";

/** The `_headers` rules: each path pattern with its [name, value] lines, in order. */
function parseHeadersFile(text: string): Map<string, [string, string][]> {
  const rules = new Map<string, [string, string][]>();
  let current: [string, string][] | undefined;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = [];
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(":");
    current?.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Directive name to its sources; 'none' is the empty list. */
function parseCsp(policy: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name] = sources.filter((s) => s !== "'none'");
  }
  return directives;
}

const rules = parseHeadersFile(headersFile);
const cspLines = [...rules].flatMap(([path, headers]) =>
  headers.filter(([name]) => name === "content-security-policy").map(([, value]) => ({ path, value })),
);
const staticCsp = parseCsp(cspLines.find((line) => line.path === "/assets/*")?.value ?? "");
/** The paths wrangler.toml serves straight from the edge: run_worker_first's exclusions. */
const edgePaths = [
  ...(wranglerToml.match(/^run_worker_first\s*=\s*\[(.*)\]/m)?.[1] ?? "").matchAll(/"!([^"]+)"/g),
].map((match) => match[1]);
const workerCsp = async () => contentSecurityPolicyDirectives(undefined, [await bootScriptHash()]);

describe("the static files' Content-Security-Policy (web/public/_headers)", () => {
  it("is set on the paths served from the edge (not sw.js), never on /*, and is the same everywhere", () => {
    expect(edgePaths).toContain("/assets/*");
    expect(cspLines.map((line) => line.path).sort()).toEqual(
      edgePaths.filter((path) => path !== "/sw.js").sort(),
    );
    // A /* policy would also reach the documents the worker serves and replace the worker's own.
    expect(rules.get("/*")?.some(([name]) => name === "content-security-policy")).toBe(false);
    expect(new Set(cspLines.map((line) => line.value)).size).toBe(1);
  });

  it("admits only the site itself and can be framed by nothing", () => {
    expect(staticCsp).toMatchObject({
      "default-src": ["'self'"],
      "object-src": [],
      "frame-ancestors": [],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
    });
  });

  it("has every directive of the worker's policy, each no looser", async () => {
    const worker = await workerCsp();
    // A directive left out would fall back to default-src, or (frame-ancestors, base-uri,
    // form-action) to nothing at all: the names must match exactly.
    expect(Object.keys(staticCsp).sort()).toEqual(Object.keys(worker).sort());
    for (const [name, sources] of Object.entries(staticCsp)) {
      expect(worker[name], name).toEqual(expect.arrayContaining(sources));
    }
  });

  it("admits the inline boot script, so the SPA fallback served from the edge still runs it", async () => {
    expect(staticCsp["script-src"]).toContain(await bootScriptHash());
  });

  it("is replaced, not joined, by the worker's on what the worker serves through the assets binding", async () => {
    const headers = new Headers(rules.get("/assets/*"));
    await applySecurityHeaders(headers, getConfig(env));
    const csp = headers.get("Content-Security-Policy") ?? "";
    expect(parseCsp(csp)["media-src"]).toEqual(
      expect.arrayContaining([new URL(getConfig(env).STREAM_URL_HD).origin]),
    );
    expect(csp).not.toContain(",");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
  });
});
