// Shared by the listener-screen tests: render inside the app's providers at a path, and answer
// API calls from a table instead of the network.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { Page } from "../../schema/api";
import { queryClient as appQueryClient } from "../../web/lib/query-client";
import { appStore } from "../../web/lib/store";
import { Toaster } from "../../web/ui/toast";

export function renderAt(path: string, ui: ReactNode) {
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>
        <Router hook={location.hook}>
          {children}
          <Toaster />
        </Router>
      </JotaiProvider>
    </QueryClientProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)), location, queryClient };
}

type Answer = unknown | ((request: { method: string; body: unknown }) => Response | Promise<Response>);

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Calls the shell makes on every screen, answered unless a test says otherwise. */
const quietDefaults: Record<string, unknown> = {
  "/api/radio/now-playing": { title: "Blue Hour", artist: "Nightdrive", album: null, artwork: null },
  "/api/radio/next-track": null,
  "/api/auth/me": null,
};

/** Stubs fetch: `answers` maps "GET /api/x" (or "/api/x" for GET) to a JSON body or a handler. */
export function mockApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const answer =
      answers[`${method} ${url.pathname}`] ??
      (method === "GET" ? (answers[url.pathname] ?? quietDefaults[url.pathname]) : undefined);
    if (answer === undefined) return json({ error: "not_found", message: "Not found" }, 404);
    if (typeof answer === "function") {
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      return answer({ method, body });
    }
    return json(answer);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function calls(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) =>
      new URL(String(input), "http://localhost").pathname === path && (init?.method ?? "GET") === method,
  );
}

let nextId = 1;
export function historyItem(title: string, artist: string, minutesAgo = 1) {
  return {
    id: nextId++,
    title,
    artist,
    album: null,
    artwork: null,
    playedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  };
}

export function page(overrides: Partial<Page> & { title: string; slug: string }): Page {
  const now = new Date("2026-03-01T10:00:00Z").toISOString();
  return {
    id: overrides.id ?? `id-${overrides.slug}`,
    content: `<p>${overrides.title} body</p>`,
    image: null,
    heroImageLight: null,
    heroImageDark: null,
    metaDescription: null,
    metaKeywords: null,
    published: "true",
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}
