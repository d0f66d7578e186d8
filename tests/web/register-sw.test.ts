// The service worker registers once the page has settled (5 s after the app's services mount,
// when the browser is idle then), and a new version is logged only once it has installed while
// an older one controls the page (ADR 054).
import { act } from "@testing-library/react";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  RegisterServiceWorkerWhenSettled,
  registerServiceWorker,
  serviceWorkerDelayMs,
  serviceWorkerIdleTimeoutMs,
} from "#web/register-sw.ts";

const newVersion = "A new version of the site is available; it loads on your next visit.";

/** A service worker whose state the test moves on. */
class FakeWorker extends EventTarget {
  state = "installing";
  moveTo(state: string) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** A new version found: it is installing. */
  update(): FakeWorker {
    this.installing = new FakeWorker();
    this.dispatchEvent(new Event("updatefound"));
    return this.installing;
  }
}

let registration: FakeRegistration;
let container: { controller: object | null; register: ReturnType<typeof vi.fn> };
let log: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  registration = new FakeRegistration();
  container = { controller: null, register: vi.fn(async () => registration) };
  vi.stubGlobal("navigator", { ...navigator, serviceWorker: container });
  vi.stubEnv("PROD", true);
  log = vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  log.mockRestore();
});

/** Lets the registration's promise settle. */
const settle = () => act(async () => {});

describe("registering the service worker", () => {
  it("registers /sw.js for the whole site", async () => {
    registerServiceWorker();
    await settle();
    expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
  });

  it("logs nothing when the first version installs (nothing controlled the page)", async () => {
    registerServiceWorker();
    await settle();
    registration.update().moveTo("installed");
    expect(log).not.toHaveBeenCalled();
  });

  it("logs a new version once it has installed while an older one controls the page", async () => {
    container.controller = {};
    registerServiceWorker();
    await settle();
    const worker = registration.update();
    expect(log).not.toHaveBeenCalled();
    worker.moveTo("installed");
    worker.moveTo("installed");
    expect(log.mock.calls).toEqual([[newVersion]]);
  });

  it("logs a new version that installed on an earlier visit and still waits", async () => {
    container.controller = {};
    registration.waiting = new FakeWorker();
    registerServiceWorker();
    await settle();
    expect(log.mock.calls).toEqual([[newVersion]]);
  });

  it("logs a new version the browser found as the page loaded, once it has installed", async () => {
    container.controller = {};
    const worker = new FakeWorker();
    registration.installing = worker;
    registerServiceWorker();
    await settle();
    expect(log).not.toHaveBeenCalled();
    worker.moveTo("installed");
    expect(log.mock.calls).toEqual([[newVersion]]);
  });

  it("logs a failed registration and goes on", async () => {
    const failure = new Error("The operation is insecure.");
    container.register.mockRejectedValueOnce(failure);
    registerServiceWorker();
    await settle();
    expect(log).toHaveBeenCalledWith("Service worker registration failed:", failure);
  });
});

/** Mounts the registration on fake timers; the test says when the browser is idle. */
function mountOnFakeTime() {
  vi.useFakeTimers();
  const idle: { run: () => void; options: unknown }[] = [];
  const cancelled: number[] = [];
  vi.stubGlobal("requestIdleCallback", (run: () => void, options: unknown) => idle.push({ run, options }));
  vi.stubGlobal("cancelIdleCallback", (id: number) => cancelled.push(id));
  const root = createRoot(document.body.appendChild(document.createElement("div")));
  act(() => root.render(createElement(RegisterServiceWorkerWhenSettled)));
  return { idle, cancelled, root };
}

describe("when the service worker registers", () => {
  it("waits 5 s after the services mount, then for the browser to be idle (5 s at most)", async () => {
    const { idle, root } = mountOnFakeTime();
    try {
      act(() => vi.advanceTimersByTime(serviceWorkerDelayMs - 1));
      expect(idle).toHaveLength(0);
      act(() => vi.advanceTimersByTime(1));
      expect(idle.map((call) => call.options)).toEqual([{ timeout: serviceWorkerIdleTimeoutMs }]);
      expect(container.register).not.toHaveBeenCalled();
      vi.useRealTimers();
      await act(async () => idle[0]?.run());
      expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    } finally {
      act(() => root.unmount());
    }
  });

  it("does not register when the page leaves before the 5 s", () => {
    const { idle, root } = mountOnFakeTime();
    act(() => root.unmount());
    act(() => vi.advanceTimersByTime(serviceWorkerDelayMs * 2));
    expect(idle).toHaveLength(0);
    expect(container.register).not.toHaveBeenCalled();
  });

  it("does not register when the page leaves while it waits for the browser to be idle", () => {
    const { idle, cancelled, root } = mountOnFakeTime();
    act(() => vi.advanceTimersByTime(serviceWorkerDelayMs));
    expect(idle).toHaveLength(1);
    act(() => root.unmount());
    expect(cancelled).toEqual([1]);
  });
});
