// Rendering inside the app's providers: a hook or feature with a fresh query client and jotai
// store, or a screen at a path with the router and the toaster, as the app mounts them.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { expect, onTestFinished } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { queryClient as appQueryClient } from "#web/lib/query-client.ts";
import { appStore } from "#web/lib/store.ts";
import { dismissToast, Toaster } from "#web/ui/toast.tsx";
import { stubRadixGaps } from "./browser";

type Store = ReturnType<typeof createStore>;

/** The app's query defaults; nothing is garbage-collected while a test runs. */
export function createTestQueryClient() {
  const defaults = appQueryClient.getDefaultOptions();
  return new QueryClient({
    defaultOptions: { ...defaults, queries: { ...defaults.queries, gcTime: Number.POSITIVE_INFINITY } },
  });
}

export function TestProviders({
  queryClient,
  store,
  children,
}: {
  queryClient: QueryClient;
  store: Store;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
}

/** Renders `ui` with a query client and jotai store of its own (unless given). */
export function renderWithProviders(
  ui: ReactNode,
  {
    queryClient = createTestQueryClient(),
    store = createStore(),
  }: { queryClient?: QueryClient; store?: Store } = {},
) {
  const wrap = (node: ReactNode) => (
    <TestProviders queryClient={queryClient} store={store}>
      {node}
    </TestProviders>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)), queryClient, store };
}

/**
 * Renders a screen at `path` as the app does: in the app's jotai store (where `toast()` writes),
 * under a router whose history the test can read, beside the toaster.
 */
export function renderAt(path: string, ui: ReactNode) {
  stubRadixGaps();
  onTestFinished(() => dismissToast());
  const location = memoryLocation({ path, record: true });
  const withRouter = (node: ReactNode) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {node}
      <Toaster />
    </Router>
  );
  const view = renderWithProviders(withRouter(ui), { store: appStore });
  return { ...view, rerender: (next: ReactNode) => view.rerender(withRouter(next)), location };
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
