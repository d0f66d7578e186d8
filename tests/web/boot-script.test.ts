// The boot script starts the app's entry only after the first paint (ADR 024): not while the
// document parses, not at DOMContentLoaded, but in a task after the next frame; at once in a
// hidden tab, which paints nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { appEntryMeta, bootScript } from "#schema/boot-script.ts";

const entry = "/assets/index-test.js";
const moduleScripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) =>
    s.getAttribute("src"),
  );
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** Runs the boot script as the parser would, with the entry's meta in the head, and ends the parse. */
function boot() {
  const listen = vi.spyOn(document, "addEventListener");
  document.head.insertAdjacentHTML("beforeend", appEntryMeta(entry));
  new Function(bootScript)();
  const before = moduleScripts();
  document.dispatchEvent(new Event("DOMContentLoaded"));
  // DOMContentLoaded comes once per document: the next test's must not reach this listener.
  for (const [type, listener] of listen.mock.calls) document.removeEventListener(type, listener);
  return before;
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const node of document.head.querySelectorAll('meta[name="app-entry"], script[type="module"]'))
    node.remove();
});

describe("the boot script's start of the app", () => {
  it("adds the entry as a module script after the next frame has painted, not before", async () => {
    const before = boot();
    expect(before).toEqual([]);
    expect(moduleScripts()).toEqual([]);
    await nextFrame();
    expect(moduleScripts()).toEqual([]);
    await nextTask();
    expect(moduleScripts()).toEqual([entry]);
  });

  it("adds it at DOMContentLoaded in a hidden tab, where no frame comes", () => {
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    const frame = vi.spyOn(window, "requestAnimationFrame");
    boot();
    expect(moduleScripts()).toEqual([entry]);
    expect(frame).not.toHaveBeenCalled();
  });
});
