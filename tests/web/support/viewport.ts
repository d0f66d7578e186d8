// jsdom has no IntersectionObserver and lays nothing out: this viewport reports what the test says
// it shows. `stubViewport()` installs it, with every element far below the screen as layout is read
// (getBoundingClientRect); `reportAll(near)` tells every observer still watching whether its
// element is near the screen; `observers` are the ones watching. The test setup undoes it.
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
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 10_000, width: 400, height: 100 }),
  );
  const reportAll = (near: boolean) => {
    for (const observer of [...observers]) observer.report(near);
  };
  return { observers, reportAll };
}
