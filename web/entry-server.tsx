// The build's server entry (dev/prerender.ts): renders a public route to HTML with the same
// components the browser hydrates. No query data exists at build time, so screens render
// their loading states; `prerender` waits for the lazy route chunks.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createStore, Provider as JotaiProvider } from "jotai";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { App } from "./app";
import { queryClient as browserQueryClient } from "./lib/query-client";
import { prerenderEveryPart } from "./ui/deferred";
import { PageMetaContext, type PageMetaSink } from "./ui/page-meta";

/** The routes whose HTML the build writes (docs/product.md §2's public screens without parameters). */
export const prerenderedRoutes = [
  "/",
  "/about",
  "/contact",
  "/history",
  "/favorites",
  "/analytics",
  "/install",
  "/template",
] as const;

export type PrerenderedPage = { html: string; title: string; description: string };

export async function renderRoute(path: string): Promise<PrerenderedPage> {
  prerenderEveryPart();
  // Same defaults as the browser, but nothing fetched and nothing shared between renders.
  const queryClient = new QueryClient({ defaultOptions: browserQueryClient.getDefaultOptions() });
  const meta: PageMetaSink = {};
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={createStore()}>
          <PageMetaContext.Provider value={meta}>
            <Router ssrPath={path}>
              <App />
            </Router>
          </PageMetaContext.Provider>
        </JotaiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, title: meta.title ?? "", description: meta.description ?? "" };
}
