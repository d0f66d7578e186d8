// Prerender (a Vite plugin of the client build): writes the HTML of the public routes from
// the server build of the same React components (web/entry-server.tsx, built first into
// dist/server), so first paint does not wait for JavaScript; web/main.tsx then hydrates.
// "/" goes into index.html (also the SPA fallback); "/about" into about.html, which
// Cloudflare's assets serve at /about without a redirect (html_handling auto-trailing-slash:
// about/index.html would redirect /about to /about/). Runs in generateBundle, before
// vite-plugin-pwa lists the files to precache, so the service worker precaches these pages.

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin, Rolldown } from "vite";
import {
  appEntryMeta,
  appEntryMetas,
  appPreloadMeta,
  bootScript,
  bootScriptMarker,
} from "../schema/boot-script.ts";

type ServerEntry = {
  prerenderedRoutes: readonly string[];
  renderRoute: (path: string) => Promise<{ html: string; title: string; description: string }>;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The template with one route's HTML, title, description and `<html data-route>` filled in. */
export function fillTemplate(
  template: string,
  route: string,
  page: { html: string; title: string; description: string },
): string {
  // Replacements are functions: page text may contain "$" patterns.
  const replaceOnce = (html: string, pattern: RegExp, replacement: string | ((match: string) => string)) => {
    if (!pattern.test(html)) throw new Error(`prerender: ${pattern} not found in index.html`);
    return html.replace(pattern, typeof replacement === "string" ? () => replacement : replacement);
  };
  let html = replaceOnce(template, /<html[^>]*(?=>)/, (tag) => `${tag} data-route="${escapeHtml(route)}"`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${page.html}</div>`);
}

/** Inlines the boot script where index.html asks for it (its hash is in the worker's CSP). */
export function inlineBootScript(html: string): string {
  if (!html.includes(bootScriptMarker)) throw new Error(`prerender: index.html has no ${bootScriptMarker}`);
  return html.replace(bootScriptMarker, `<script>${bootScript}</script>`);
}

const moduleScript = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/g;
const vitePreload = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

/**
 * The app's entry script starts after the first paint (ADR 024): Vite's `<script type="module">`
 * becomes a meta naming it, and the boot script adds the script once the page has painted. The
 * prerendered HTML paints without it; before, on a fast link the script (and its evaluation) came
 * in before that paint and delayed it. Vite also writes a module preload for each static import
 * of the entry (React's chunk, ADR 057); one would be fetched while the HTML parses, so they go
 * too, and the meta names them after the entry: the boot script preloads them as it adds it.
 */
export function entryAfterFirstPaint(html: string): string {
  const entries = [...html.matchAll(moduleScript)];
  if (entries.length !== 1) throw new Error(`prerender: expected one module script, found ${entries.length}`);
  const imports: string[] = [];
  const rest = html.replace(vitePreload, (_tag, href: string) => {
    imports.push(href);
    return "";
  });
  // The boot script's own text names the word, not the tag.
  if (/<link[^>]*rel="modulepreload"/.test(rest)) {
    throw new Error("prerender: index.html preloads a module the build cannot name after the entry");
  }
  return rest.replace(moduleScript, (_tag, src: string) => appEntryMeta(src, imports));
}

const stylesheetLink = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

/**
 * A stylesheet inlined, with the link to its file that inlineStylesheets explains. A type other
 * than text/css keeps every browser from fetching it (HTML's rule for stylesheet links): Chromium
 * 150 fetches a merely disabled one.
 */
const inlinedStylesheet = (file: string, source: unknown) =>
  `<style>${String(source)}</style><link rel="stylesheet" href="/${file}" type="text/x-inlined" disabled>`;

/**
 * Puts the entry stylesheet into the HTML (<style>): one request fewer before first paint.
 * The CSP allows inline styles (worker/lib/security-headers.ts); the only inline script is
 * the boot script, admitted by its hash. A link to the same file stays, of a type no browser
 * fetches, but Vite's loader of lazy chunks sees the sheet as loaded; it would otherwise
 * link it again when a lazy chunk lists it, and the browser would restyle the whole page.
 */
function inlineStylesheets(html: string, bundle: Record<string, { type: string; source?: unknown }>): string {
  return html.replace(stylesheetLink, (tag, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== "asset") return tag;
    return inlinedStylesheet(file, asset.source);
  });
}

/** The file that holds a route's screen: "/x" is web/routes/x.tsx, "/" home.tsx. */
const screenFile = (route: string) => `/web/routes/${route === "/" ? "home" : route.slice(1)}.tsx`;

/** The chunk that holds a route's screen, and the screen's module id; the build stops without one. */
function screenChunk(
  route: string,
  bundle: Rolldown.OutputBundle,
): { chunk: Rolldown.OutputChunk; id: string } {
  const screen = screenFile(route);
  for (const file of Object.values(bundle)) {
    const id =
      file.type === "chunk" ? file.moduleIds.find((candidate) => candidate.endsWith(screen)) : undefined;
    if (file.type === "chunk" && id) return { chunk: file, id };
  }
  throw new Error(`prerender: no chunk holds ${screen}, the screen of ${route}`);
}

/**
 * The stylesheets of a lazily loaded screen (its chunk's and its shared chunks'), which the
 * browser would fetch only with the chunk: its prerendered page inlines them after the entry
 * stylesheet, so the first paint is already styled, and Vite's loader does not fetch them again
 * when the screen's chunk loads. Route "/x" is web/routes/x.tsx, "/" home.tsx.
 */
function screenStylesheets(route: string, bundle: Rolldown.OutputBundle, inlined: Set<string>): string {
  const { chunk } = screenChunk(route, bundle);
  const css: string[] = [];
  const visited = new Set<string>();
  const visit = (current: Rolldown.OutputChunk) => {
    if (visited.has(current.fileName)) return;
    visited.add(current.fileName);
    for (const file of current.imports) {
      const imported = bundle[file];
      if (imported?.type === "chunk") visit(imported);
    }
    for (const file of current.viteMetadata?.importedCss ?? []) {
      if (!inlined.has(file) && !css.includes(file)) css.push(file);
    }
  };
  visit(chunk);
  return css
    .map((file) => {
      const asset = bundle[file];
      if (asset?.type !== "asset") throw new Error(`prerender: ${file} is not in the bundle`);
      // With a disabled link, as for the entry stylesheet (inlineStylesheets).
      return inlinedStylesheet(file, asset.source);
    })
    .join("");
}

/** A chunk, then the chunks it imports and theirs, each once. */
function withImports(chunk: Rolldown.OutputChunk, bundle: Rolldown.OutputBundle): Rolldown.OutputChunk[] {
  const found: Rolldown.OutputChunk[] = [];
  const visit = (current: Rolldown.OutputChunk) => {
    if (found.includes(current)) return;
    found.push(current);
    for (const file of current.imports) {
      const imported = bundle[file];
      if (imported?.type === "chunk") visit(imported);
    }
  };
  visit(chunk);
  return found;
}

type ModuleInfoOf = (id: string) => { dynamicallyImportedIds: readonly string[] } | null;

/**
 * The chunks a route's page imports as it starts hydrating, which the boot script preloads with
 * the entry (ADR 056), but for the entry and the chunks it imports itself (they come with the
 * entry's meta, ADR 057): the screen's own chunk with the chunks it imports, then the start-up
 * chunks (`startGroups`, vite.config.ts) the page hydrates: `every` on every page (the shell's
 * parts), any other one where the screen imports a part of it. Without them the page asked for
 * each only when hydration reached its lazy part, one round trip after the entry's evaluation.
 */
export function startChunks(
  route: string,
  bundle: Rolldown.OutputBundle,
  startGroups: { every: string; others: readonly string[] },
  moduleInfo: ModuleInfoOf,
): string[] {
  const { chunk: screen, id: screenId } = screenChunk(route, bundle);
  const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
  const chunkOf = (id: string) => chunks.find((chunk) => chunk.moduleIds.includes(id));
  // The entry and what it imports come with the entry's meta (entryAfterFirstPaint).
  const withEntry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((c) => withImports(c, bundle)));
  const paths: string[] = [];
  const add = (chunk: Rolldown.OutputChunk | undefined) => {
    for (const file of chunk ? withImports(chunk, bundle) : []) {
      if (!withEntry.has(file) && !paths.includes(`/${file.fileName}`)) paths.push(`/${file.fileName}`);
    }
  };
  add(screen);
  const imported = new Set((moduleInfo(screenId)?.dynamicallyImportedIds ?? []).map(chunkOf));
  for (const chunk of chunks) {
    if (chunk.name === startGroups.every || (startGroups.others.includes(chunk.name) && imported.has(chunk)))
      add(chunk);
  }
  return paths;
}

/**
 * The entry's meta names what the entry imports as Vite's preloads did; startChunks leaves out
 * what the bundle says it imports. The build stops when the two differ.
 */
export function checkEntryImports(html: string, bundle: Rolldown.OutputBundle): void {
  const named = [...html.matchAll(appEntryMetas)].flatMap((m) => (m[1] as string).split(" ").slice(1));
  const chunks = Object.values(bundle).filter(
    (file): file is Rolldown.OutputChunk => file.type === "chunk" && file.isEntry,
  );
  const imported = chunks
    .flatMap((chunk) => withImports(chunk, bundle).slice(1))
    .map((c) => `/${c.fileName}`);
  if (named.length !== imported.length || imported.some((path) => !named.includes(path)))
    throw new Error(
      `prerender: the entry's meta names ${named.join(", ") || "nothing"}, but it imports ${imported.join(", ") || "nothing"}`,
    );
}

export function fileNameFor(route: string): string {
  return route === "/" ? "index.html" : `${route.slice(1)}.html`;
}

export function prerender(
  startGroups: { every: string; others: readonly string[] },
  serverEntry = resolve(import.meta.dirname, "../dist/server/entry-server.js"),
): Plugin {
  return {
    name: "lounge-radio:prerender",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    enforce: "post",
    async generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") throw new Error("prerender: index.html is not in the bundle");
      const entryCss = new Set(
        Array.from(String(index.source).matchAll(stylesheetLink), (m) => m[1] as string),
      );
      const template = entryAfterFirstPaint(
        inlineBootScript(inlineStylesheets(String(index.source), bundle)),
      );
      checkEntryImports(template, bundle);
      const entry = (await import(pathToFileURL(serverEntry).href)) as ServerEntry;
      for (const route of entry.prerenderedRoutes) {
        const styles = screenStylesheets(route, bundle, entryCss);
        const chunks = startChunks(route, bundle, startGroups, (id) => this.getModuleInfo(id));
        // No meta for no chunks: an empty one would have the boot script preload "" (the page).
        const preload = chunks.length > 0 ? appPreloadMeta(chunks) : "";
        const html = fillTemplate(template, route, await entry.renderRoute(route)).replace(
          "</head>",
          () => `${preload}${styles}</head>`,
        );
        if (route === "/") index.source = html;
        else this.emitFile({ type: "asset", fileName: fileNameFor(route), source: html });
      }
      this.info(`prerendered ${entry.prerenderedRoutes.length} routes`);
    },
  };
}
