// The boot script starts the app's entry only after the first paint (ADR 024): not while the
// document parses, not at DOMContentLoaded, but in a task after the next frame; at once in a
// hidden tab, which paints nothing.
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { appEntryMeta, appPreloadMeta, bootScript } from "#schema/boot-script.ts";
import { rewindShownKey } from "#web/features/player/rewind-controls.tsx";
import { appOwnsPresses } from "#web/ui/early-press.ts";
import { replayEarlyPress } from "#web/ui/press-replay.ts";

const entry = "/assets/index-test.js";
const moduleScripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) =>
    s.getAttribute("src"),
  );
const preloads = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute("href"),
  );
const entryImports = ["/assets/rolldown-runtime-test.js", "/assets/react-test.js"];
const startChunks = ["/assets/history-test.js", "/assets/startup-test.js"];
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** Runs the boot script as the parser would, with the entry's meta in the head, and ends the parse. */
function boot() {
  const listen = vi.spyOn(document, "addEventListener");
  document.head.insertAdjacentHTML(
    "beforeend",
    appEntryMeta(entry, entryImports) + appPreloadMeta(startChunks),
  );
  new Function(bootScript)();
  const before = moduleScripts();
  document.dispatchEvent(new Event("DOMContentLoaded"));
  // DOMContentLoaded comes once per document: the next test's must not reach this listener. The
  // press listener stays for the test, and goes after it.
  for (const [type, listener, options] of listen.mock.calls) {
    if (type === "click") bootListeners.push([type, listener, options]);
    else document.removeEventListener(type, listener, options);
  }
  return before;
}

const bootListeners: Parameters<typeof document.removeEventListener>[] = [];

afterEach(() => {
  for (const args of bootListeners.splice(0)) document.removeEventListener(...args);
  vi.restoreAllMocks();
  for (const node of document.head.querySelectorAll(
    'meta[name="app-entry"], meta[name="app-preload"], script[type="module"], link[rel="modulepreload"]',
  ))
    node.remove();
  document.documentElement.removeAttribute("data-route");
  document.documentElement.classList.remove("route-pending");
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

  it("preloads what the entry imports and the chunks the page starts with, together with the entry and after it (ADR 056, 057)", async () => {
    boot();
    await nextFrame();
    expect(preloads()).toEqual([]);
    await nextTask();
    expect(preloads()).toEqual([...entryImports, ...startChunks]);
    // The entry is asked for first.
    const [script, ...links] = document.head.querySelectorAll(
      'script[type="module"], link[rel="modulepreload"]',
    );
    expect(script?.tagName).toBe("SCRIPT");
    expect(links).toHaveLength(4);
  });

  it("preloads only what the entry imports when the HTML was made for another path (the SPA fallback)", async () => {
    document.documentElement.dataset.route = "/some/other/path";
    boot();
    await nextFrame();
    await nextTask();
    expect(document.documentElement.classList.contains("route-pending")).toBe(true);
    expect(moduleScripts()).toEqual([entry]);
    expect(preloads()).toEqual(entryImports);
  });

  it("adds it at DOMContentLoaded in a hidden tab, where no frame comes", () => {
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    const frame = vi.spyOn(window, "requestAnimationFrame");
    boot();
    expect(moduleScripts()).toEqual([entry]);
    expect(preloads()).toEqual([...entryImports, ...startChunks]);
    expect(frame).not.toHaveBeenCalled();
  });
});

describe("the rewind controls' row, kept from first paint (ADR 063)", () => {
  afterEach(() => {
    document.documentElement.removeAttribute("data-rewind");
    localStorage.clear();
    Reflect.deleteProperty(window, "MediaSource");
  });
  const marked = () => document.documentElement.hasAttribute("data-rewind");

  it("marks the page where the browser has Media Source Extensions and the rewind was not found off", () => {
    Object.assign(window, { MediaSource: class {} });
    boot();
    expect(marked()).toBe(true);
  });

  it("marks nothing where the station's rewind was off last time, or the browser has no MSE", () => {
    // The key the rewind controls write (web/features/player/rewind-controls.tsx).
    expect(bootScript).toContain(`localStorage.getItem(${JSON.stringify(rewindShownKey)})`);
    Object.assign(window, { MediaSource: class {} });
    localStorage.setItem(rewindShownKey, "off");
    boot();
    expect(marked()).toBe(false);
    localStorage.clear();
    Reflect.deleteProperty(window, "MediaSource");
    boot();
    expect(marked()).toBe(false);
  });
});

describe("a press before the app owns the page (ADR 035)", () => {
  afterEach(() => {
    window.__app = undefined;
    window.__press = undefined;
    document.body.replaceChildren();
  });

  /** What React leaves on a node it has hydrated (its props). */
  const hydrate = (button: HTMLButtonElement) => Object.assign(button, { __reactProps$test: {} });

  function paintedButton(): { button: HTMLButtonElement; pressed: () => number } {
    document.body.innerHTML = '<main><button type="button"><span>Start Listening</span></button></main>';
    const button = document.querySelector("button") as HTMLButtonElement;
    let presses = 0;
    // What the app's own handler will be; before it runs, nothing answers the press.
    button.addEventListener("click", () => {
      if (window.__app) presses++;
    });
    return { button, pressed: () => presses };
  }

  /** The boot script runs, and the painted button is pressed before the app has started. */
  function pressedBeforeTheApp(): { button: HTMLButtonElement; pressed: () => number } {
    boot();
    const painted = paintedButton();
    painted.button.click();
    return painted;
  }

  /** Fake timers for this test only. */
  function fakeTimers() {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
  }

  it("keeps the last painted button pressed and marks it busy, then the app presses it once", () => {
    boot();
    const { button, pressed } = paintedButton();
    (button.firstChild as HTMLElement).click();
    button.click();
    expect(window.__press).toBe(button);
    expect(button.getAttribute("aria-busy")).toBe("true");

    appOwnsPresses();
    hydrate(button);
    replayEarlyPress();
    expect(pressed()).toBe(1);
    expect(button.hasAttribute("aria-busy")).toBe(false);
    // Once carried out, it is gone: a second call presses nothing.
    replayEarlyPress();
    expect(pressed()).toBe(1);
  });

  it("keeps nothing once the app has started: React takes presses from then on", () => {
    boot();
    const { button, pressed } = paintedButton();
    appOwnsPresses();
    button.click();
    expect(window.__press).toBeUndefined();
    expect(button.hasAttribute("aria-busy")).toBe(false);
    replayEarlyPress();
    expect(pressed()).toBe(1);
  });

  it("carries out no kept press the listener made again once the app answers (no play, then pause)", () => {
    const { button, pressed } = pressedBeforeTheApp();
    appOwnsPresses();
    hydrate(button);
    // Nothing but aria-busy showed the first press: the listener presses again, and the app answers.
    button.click();
    expect(pressed()).toBe(1);
    replayEarlyPress();
    expect(pressed()).toBe(1);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("drops a kept press waiting for its part when the app answers a press elsewhere first", () => {
    fakeTimers();
    const { button, pressed } = pressedBeforeTheApp();
    appOwnsPresses();
    replayEarlyPress();
    const other = document.createElement("button");
    document.body.append(other);
    other.click();
    hydrate(button);
    vi.advanceTimersByTime(100);
    expect(pressed()).toBe(0);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("keeps the kept press when the app drops the newer one (React stops a press on a part it cannot hydrate)", () => {
    const { button, pressed } = pressedBeforeTheApp();
    appOwnsPresses();
    // As React's listener on its root does, capturing: the press stops there and reaches nothing.
    const main = document.querySelector("main") as HTMLElement;
    const dropOnce = (event: Event) => event.stopPropagation();
    main.addEventListener("click", dropOnce, { capture: true, once: true });
    button.click();
    expect(pressed()).toBe(0);
    hydrate(button);
    replayEarlyPress();
    expect(pressed()).toBe(1);
  });

  it("waits for the button's own part of the page to hydrate, then presses it", () => {
    fakeTimers();
    const { button, pressed } = pressedBeforeTheApp();
    appOwnsPresses();
    replayEarlyPress();
    vi.advanceTimersByTime(1000);
    expect(pressed()).toBe(0);
    expect(button.getAttribute("aria-busy")).toBe("true");
    hydrate(button);
    vi.advanceTimersByTime(100);
    expect(pressed()).toBe(1);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("presses nothing when the button is gone by the time the app runs", () => {
    const { button, pressed } = pressedBeforeTheApp();
    button.remove();
    appOwnsPresses();
    hydrate(button);
    replayEarlyPress();
    expect(pressed()).toBe(0);
  });

  it("presses nothing when the button is disabled by the time the app runs", () => {
    boot();
    const { button: disabled, pressed: disabledPressed } = paintedButton();
    disabled.click();
    expect(window.__press).toBe(disabled);
    disabled.disabled = true;
    appOwnsPresses();
    hydrate(disabled);
    // A disabled button's click() does nothing by itself: the replay must not even try.
    const click = vi.spyOn(disabled, "click");
    replayEarlyPress();
    expect(click).not.toHaveBeenCalled();
    expect(disabledPressed()).toBe(0);
    expect(disabled.hasAttribute("aria-busy")).toBe(false);
  });
});
