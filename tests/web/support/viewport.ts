// jsdom has no IntersectionObserver: this one reports what the test says the viewport shows.
// `stubViewport()` installs it; `reportAll(near)` tells every observer still watching whether its
// element is near the screen; `observers` are the ones watching. Undo with vi.unstubAllGlobals().
import { vi } from "vitest";

export function stubViewport() {
  const observers = new Set<{ report: (near: boolean) => void }>();
  class ViewportObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    private readonly entry = { report: (near: boolean) => this.report(near) };
    observe() {
      observers.add(this.entry);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    private report(near: boolean) {
      this.callback([{ isIntersecting: near } as IntersectionObserverEntry], this as never);
    }
  }
  vi.stubGlobal("IntersectionObserver", ViewportObserver);
  const reportAll = (near: boolean) => {
    for (const observer of [...observers]) observer.report(near);
  };
  return { observers, reportAll };
}
