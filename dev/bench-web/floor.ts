// `bench:web --floor`: the stack's floor. A page loaded the way the site's pages are (prerendered
// markup, the boot script adding the entry after the first paint, ADR 024) whose app is React 19
// hydrating three elements. No page of this stack scores better on this machine: the gap
// between its figures and a route's is the route's own work, not React's or the machine's.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { entryAfterFirstPaint, inlineBootScript } from "../prerender.ts";

/** Builds the floor page into `outDir` and returns that directory. */
export async function buildFloor(outDir: string): Promise<string> {
  await build({
    root: join(import.meta.dirname, "floor"),
    configFile: false,
    logLevel: "silent",
    build: { outDir, emptyOutDir: true },
  });
  const index = join(outDir, "index.html");
  writeFileSync(index, inlineBootScript(entryAfterFirstPaint(readFileSync(index, "utf8"))));
  // As the site has one: Lighthouse's SEO category asks for it.
  writeFileSync(join(outDir, "robots.txt"), "User-agent: *\nAllow: /\n");
  return outDir;
}
