// Shared test helpers: providers with a fresh query client and jotai store, a fetch mock answering
// API paths, and stubs for what jsdom lacks (media playback).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import type { ReactElement } from "react";
import { vi } from "vitest";
import type { ClientConfig, NowPlaying } from "../../../schema/api";
import { apiRequest, pathFromQueryKey } from "../../../web/lib/api";

export const streams: ClientConfig["streams"] = {
  hd: "https://stream.test/hd",
  sd: "https://stream.test/sd",
  mobile: "https://stream.test/mobile",
};

export function aTrack(overrides: Partial<NowPlaying> = {}): NowPlaying {
  return { title: "Blue Lagoon", artist: "Chill Collective", album: "Shores", artwork: null, ...overrides };
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiRequest("GET", pathFromQueryKey(queryKey)),
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

export function renderWithProviders(
  ui: ReactElement,
  { queryClient = createTestQueryClient(), store = createStore() } = {},
) {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>{ui}</JotaiProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, store };
}

export function json(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

export type ApiCall = { method: string; path: string; body: unknown };
type Handler = (call: ApiCall) => unknown;

/** Answers "METHOD /path" routes (query string ignored for matching); unknown routes give 404. */
export function mockApi(routes: Record<string, unknown>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const call = { method, path: `${url.pathname}${url.search}`, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined)
      return json({ error: "not_found", message: `No route ${method} ${url.pathname}` }, 404);
    const result = typeof route === "function" ? await (route as Handler)(call) : route;
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path.split("?")[0] === path),
  };
}

/** jsdom implements no media playback. */
export function stubBrowserMedia() {
  const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
  const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  const load = vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
  return { play, pause, load };
}

export function audioElement(): HTMLAudioElement {
  const audio = document.querySelector("audio");
  if (!audio) throw new Error("no <audio> element rendered");
  return audio;
}

export function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}
