// The prerender's rewrite of Vite's HTML (ADR 024): the entry becomes a meta the boot script
// reads after the first paint, so nothing in the HTML fetches a script while it parses.

import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { checkEntryImports, entryAfterFirstPaint, inlineBootScript, startChunks } from "#dev/prerender.ts";
import { appEntryMeta, bootScriptMarker } from "#schema/boot-script.ts";

const entry = '<script type="module" crossorigin src="/assets/index-abc.js"></script>';
const page = (head: string) =>
  `<!doctype html><html><head><title>t</title>${head}</head><body></body></html>`;

describe("entryAfterFirstPaint", () => {
  it("puts a meta naming the entry where Vite put its module script", () => {
    const html = entryAfterFirstPaint(page(entry));
    expect(html).toBe(page(appEntryMeta("/assets/index-abc.js")));
    expect(html).not.toContain("<script");
  });

  it("stops the build when there is no entry script, or more than one", () => {
    expect(() => entryAfterFirstPaint(page(""))).toThrow(/expected one module script, found 0/);
    expect(() => entryAfterFirstPaint(page(entry + entry))).toThrow(/found 2/);
  });

  it("takes out Vite's module preloads, fetched before the first paint, and names them after the entry (ADR 057)", () => {
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`;
    const html = entryAfterFirstPaint(page(entry + preload("react-abc.js") + preload("runtime-abc.js")));
    expect(html).toBe(
      page(appEntryMeta("/assets/index-abc.js", ["/assets/react-abc.js", "/assets/runtime-abc.js"])),
    );
    expect(html).not.toContain("<link");
    // Whatever the order of the attributes.
    const reordered = '<link crossorigin href="/assets/react-abc.js" rel="modulepreload">';
    expect(entryAfterFirstPaint(page(entry + reordered))).toBe(
      page(appEntryMeta("/assets/index-abc.js", ["/assets/react-abc.js"])),
    );
  });

  it("stops the build on a module preload it cannot name (no href)", () => {
    expect(() => entryAfterFirstPaint(page(`${entry}<link rel="modulepreload">`))).toThrow(
      /preloads a module/,
    );
  });

  it("does not take the boot script's own preloads, added after the first paint, for one", () => {
    const html = entryAfterFirstPaint(inlineBootScript(page(entry + bootScriptMarker)));
    expect(html).toContain('"modulepreload"');
    expect(html).toContain(appEntryMeta("/assets/index-abc.js"));
  });
});

describe("startChunks: what the boot script preloads with the entry (ADR 056)", () => {
  const chunk = (
    fileName: string,
    name: string,
    moduleIds: string[],
    imports: string[] = [],
    isEntry = false,
  ) => ({
    type: "chunk" as const,
    fileName,
    name,
    moduleIds,
    imports,
    isEntry,
  });
  const bundle = Object.fromEntries(
    [
      chunk(
        "assets/index-1.js",
        "index",
        ["/r/web/main.tsx", "/r/web/routes/home.tsx"],
        ["assets/react-1.js"],
        true,
      ),
      chunk("assets/react-1.js", "react", ["/r/node_modules/react/index.js"]),
      chunk(
        "assets/startup-1.js",
        "startup",
        ["/r/web/features/shell/site-footer.tsx"],
        ["assets/index-1.js"],
      ),
      chunk(
        "assets/home-parts-1.js",
        "home-parts",
        ["/r/web/routes/home-sections.tsx"],
        ["assets/startup-1.js"],
      ),
      chunk(
        "assets/history-1.js",
        "history",
        ["/r/web/routes/history.tsx"],
        ["assets/startup-1.js", "assets/dist-1.js", "assets/react-1.js"],
      ),
      chunk("assets/dist-1.js", "dist", ["/r/node_modules/x/dist/index.js"], ["assets/index-1.js"]),
      chunk("assets/about-1.js", "about", ["/r/web/routes/about.tsx"]),
      { type: "asset" as const, fileName: "assets/history-1.css" },
    ].map((file) => [file.fileName, file]),
  ) as unknown as Rolldown.OutputBundle;
  const groups = { every: "startup", others: ["home-parts"] };
  const dynamicImports: Record<string, string[]> = {
    "/r/web/routes/home.tsx": ["/r/web/routes/home-sections.tsx", "/r/web/routes/about.tsx"],
  };
  const moduleInfo = (id: string) => ({ dynamicallyImportedIds: dynamicImports[id] ?? [] });

  it("gives a lazy screen's chunk and what it imports, never the entry or what it imports, then every page's start-up chunk", () => {
    expect(startChunks("/history", bundle, groups, moduleInfo)).toEqual([
      "/assets/history-1.js",
      "/assets/startup-1.js",
      "/assets/dist-1.js",
    ]);
    expect(startChunks("/about", bundle, groups, moduleInfo)).toEqual([
      "/assets/about-1.js",
      "/assets/startup-1.js",
    ]);
  });

  it("gives another start-up chunk only to the screen that imports a part of it, and no other lazy chunk", () => {
    expect(startChunks("/", bundle, groups, moduleInfo)).toEqual([
      "/assets/startup-1.js",
      "/assets/home-parts-1.js",
    ]);
  });

  it("stops the build when the entry's meta does not name what the bundle says the entry imports", () => {
    expect(() =>
      checkEntryImports(page(appEntryMeta("/assets/index-1.js", ["/assets/react-1.js"])), bundle),
    ).not.toThrow();
    expect(() => checkEntryImports(page(appEntryMeta("/assets/index-1.js")), bundle)).toThrow(
      /names nothing, but it imports \/assets\/react-1.js/,
    );
  });

  it("stops the build when no chunk holds a route's screen", () => {
    expect(() => startChunks("/missing", bundle, groups, moduleInfo)).toThrow(
      /no chunk holds \/web\/routes\/missing.tsx/,
    );
  });
});
