// Shared setup for the admin screen tests: providers, a routed fetch stub, a fake
// XMLHttpRequest for uploads, and small factories.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { expect, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { Page } from "../../../schema/api";
import { queryClient as appQueryClient } from "../../../web/lib/query-client";
import { appStore } from "../../../web/lib/store";
import { dismissToast, Toaster } from "../../../web/ui/toast";

export const adminUser = { id: "admin", email: "admin@lounge-radio.example" };

let nextPage = 1;
export function makePage(overrides: Partial<Page> = {}): Page {
  const n = nextPage++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    title: `Page ${n}`,
    slug: `page-${n}`,
    content: `<p>Body ${n}</p>`,
    image: null,
    heroImageLight: null,
    heroImageDark: null,
    metaDescription: null,
    metaKeywords: null,
    published: "true",
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

type Handler = (request: { method: string; path: string; body: unknown }) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (path without the query). An unmatched call
 * answers 404, so a test notices calls it did not expect. Returns the recorded calls.
 */
export function stubFetch(routes: Record<string, Handler | Response | unknown>) {
  const calls: { method: string; path: string; body: unknown; keepalive?: boolean }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
    calls.push({ method, path: url.pathname, body, keepalive: init.keepalive });
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return json({ error: "not_found", message: "No route" }, 404);
    if (typeof route === "function") return (route as Handler)({ method, path: url.pathname, body });
    if (route instanceof Response) return route.clone();
    return json(route);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

/** What Radix primitives use and jsdom lacks: ResizeObserver, pointer capture. */
export function stubJsdomGaps() {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
}

export function renderAdmin(ui: ReactNode, path = "/pb") {
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui}
        </Router>
        <Toaster />
      </JotaiProvider>
    </QueryClientProvider>,
  );
  return { ...result, location, queryClient };
}

/** The open toast's title and description, once they show. */
export async function expectToast(title: string, description?: string) {
  await waitFor(() => {
    const titles = [...document.querySelectorAll(".toast-title")].map((el) => el.textContent);
    expect(titles).toContain(title);
  });
  if (description !== undefined) {
    const descriptions = [...document.querySelectorAll(".toast-description")].map((el) => el.textContent);
    expect(descriptions).toContain(description);
  }
}

/** A stand-in for XMLHttpRequest: records requests; the test drives progress and the answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = "";
  url = "";
  body: unknown = null;
  withCredentials = false;
  status = 0;
  statusText = "";
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.instances.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  static install() {
    FakeXhr.instances = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  }
}

/** A file of the given type whose size is `bytes` without allocating it. */
export function fileOf(name: string, type: string, bytes: number): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: bytes });
  return file;
}

/** Put back what a test stubbed and hide a toast it left open. */
export function resetAdminTestState() {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  dismissToast();
}
