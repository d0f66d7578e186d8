// `bench:web --floor`: the stack's floor (ADR 026). A page started the way the site's pages are
// (prerendered markup, the boot script adding the entry after the first paint, ADR 024) whose
// app is React 19 hydrating four elements, served by a static server with the headers the
// worker sends its documents (ADR 058). Compare its main-thread figures (TBT) with a route's:
// what the route blocks beyond it is the route's own work. Its FCP and LCP are a static
// server's, so compare those with `--static` only.
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
