// The prerender's rewrite of Vite's HTML (ADR 024): the entry becomes a meta the boot script
// reads after the first paint, so nothing in the HTML fetches a script while it parses.
import { describe, expect, it } from "vitest";
import { entryAfterFirstPaint } from "#dev/prerender.ts";
import { appEntryMeta } from "#schema/boot-script.ts";

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

  it("stops the build on a module preload, which would be fetched before the first paint", () => {
    const preload = '<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">';
    expect(() => entryAfterFirstPaint(page(entry + preload))).toThrow(/preloads modules/);
  });
});
