// `npm run size`: the JavaScript a visitor downloads before / hydrates (the entry script of
// dist/client/index.html and the chunks it imports, named by its app-entry meta) must stay
// within 90 KB gzip (ADR 008; React, react-dom, wouter, jotai and
// TanStack Query alone take about 86). The page paints before any of it (ADR 024). Prints that
// figure, the JavaScript Chromium has loaded once the page is idle (the lazy parts hydrated
// after the first load: its bytes a report, its number of files a budget)
// and every lazy chunk's size; fails over budget, when / or /history fetches a stylesheet, or
// when sanitize-html (server-only) or zod (kept out of the listener bundle) shows up in a chunk.
// Run after `npm run build`; `--no-browser` skips the idle figures.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { appEntryMetas } from "../schema/boot-script.ts";
import { compileHint } from "./compile-hints.ts";
import { loadedWhenIdle } from "./size/idle-js.ts";

export const initialBudgetBytes = 90 * 1024;
/** The embeddable player's script (docs/product.md §10). */
export const embedBudgetBytes = 25 * 1024;
/**
 * Scripts the home page may have loaded once idle: the entry, React's chunk and the bundler's
 * runtime (ADR 057), its startup chunks, the idle-time parts. 7 since ADR 057.
 */
const idleFileBudget = 8;

const client = resolve(import.meta.dirname, "../dist/client");
const indexHtml = join(client, "index.html");
if (!existsSync(indexHtml)) {
  console.error("size: dist/client/index.html is missing; run `npm run build` first.");
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const gzipSize = (file: string) => gzipSync(readFileSync(join(client, file)), { level: 9 }).length;

const html = readFileSync(indexHtml, "utf8");
// The entry and the chunks it imports (React's, ADR 057): the meta names them all.
const initial = [...html.matchAll(appEntryMetas)].flatMap((m) =>
  (m[1] as string).split(" ").map((path) => path.slice(1)),
);
if (initial.length === 0) {
  console.error("size: no entry script found in dist/client/index.html");
  process.exit(1);
}

const allChunks = readdirSync(join(client, "assets"))
  .filter((f) => f.endsWith(".js"))
  .map((f) => `assets/${f}`);
const lazy = allChunks.filter((f) => !initial.includes(f));

let initialTotal = 0;
console.log("Initial JS for / (the entry and what it imports), gzip:");
for (const file of initial) {
  const size = gzipSize(file);
  initialTotal += size;
  console.log(`  ${kb(size).padStart(10)}  ${file}`);
}
console.log(`  ${kb(initialTotal).padStart(10)}  total (budget ${kb(initialBudgetBytes)})`);

const failures: string[] = [];
if (!process.argv.includes("--no-browser")) {
  // /history stands for the lazily loaded screens, whose own stylesheet the loader could fetch again.
  const loaded = await loadedWhenIdle(["/", "/history"]);
  const idle = loaded.get("/")?.scripts ?? [];
  const idleTotal = idle.reduce((sum, file) => sum + gzipSize(file), 0);
  const later = idle.filter((file) => !initial.includes(file));
  console.log(`JS loaded when / is idle (Chromium), gzip: ${kb(idleTotal)} in ${idle.length} files`);
  for (const file of later) console.log(`  ${kb(gzipSize(file)).padStart(10)}  ${file}`);
  // Every stylesheet a page starts with is inlined by the prerender (dev/prerender.ts), those
  // of the small lazy parts included (web/app.tsx): one fetched restyles the whole page.
  for (const [route, { stylesheets }] of loaded)
    for (const file of stylesheets) failures.push(`${route} fetched the stylesheet ${file}`);
  // The lazy parts come in a few chunks (vite.config.ts), not one chunk per part and per import.
  if (idle.length > idleFileBudget)
    failures.push(
      `the home page loaded ${idle.length} scripts by the time it was idle, over ${idleFileBudget}`,
    );
}

console.log("Lazy chunks, gzip:");
for (const file of lazy.sort((a, b) => gzipSize(b) - gzipSize(a))) {
  console.log(`  ${kb(gzipSize(file)).padStart(10)}  ${file}`);
}

// The entry and the startup chunk are compiled as they stream in (ADR 052).
for (const file of [...initial, ...lazy.filter((f) => f.startsWith("assets/startup-"))]) {
  if (!readFileSync(join(client, file), "utf8").startsWith(compileHint))
    failures.push(`${file} does not start with V8's compile hint (dev/compile-hints.ts)`);
}

if (initialTotal > initialBudgetBytes) {
  failures.push(`initial JS for / is ${kb(initialTotal)} gzip, over the ${kb(initialBudgetBytes)} budget`);
}
// Marker strings that survive minification.
const forbidden = [
  { name: "sanitize-html", marker: "allowedSchemesAppliedToAttributes" },
  { name: "zod", marker: "$ZodType" },
];
for (const file of allChunks) {
  const code = readFileSync(join(client, file), "utf8");
  for (const { name, marker } of forbidden) {
    if (code.includes(marker) && (name !== "zod" || initial.includes(file))) {
      failures.push(`${name} is in the client bundle (${file})`);
    }
  }
}

// The embeddable player (web/embed.html) is its own page on partners' sites: its script and what
// it imports before it runs, within embedBudgetBytes, and no React.
const embedHtml = join(client, "embed.html");
if (existsSync(embedHtml)) {
  const page = readFileSync(embedHtml, "utf8");
  const scripts = [
    ...page.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
  ].map((m) => m[1] as string);
  const embedTotal = scripts.reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(
    `Embed JS (/embed, before it runs), gzip: ${kb(embedTotal)} in ${scripts.length} file(s) (budget ${kb(embedBudgetBytes)})`,
  );
  if (scripts.length === 0) failures.push("no script found in dist/client/embed.html");
  if (embedTotal > embedBudgetBytes)
    failures.push(`the embed's JS is ${kb(embedTotal)} gzip, over the ${kb(embedBudgetBytes)} budget`);
  for (const file of scripts) {
    if (readFileSync(join(client, file), "utf8").includes("react.transitional.element"))
      failures.push(`React is in the embed's script (${file})`);
  }
} else failures.push("dist/client/embed.html is missing (vite build --mode embed)");

if (failures.length > 0) {
  for (const failure of failures) console.error(`size: FAIL ${failure}`);
  process.exit(1);
}
console.log("size: OK");
