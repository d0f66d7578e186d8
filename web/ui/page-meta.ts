// Per-page search-engine title and description. In the browser an effect updates <head>;
// during the build's prerender a PageMetaSink collects them so the HTML carries them too.
import { createContext, useContext, useEffect } from "react";
import { station } from "#schema/station.ts";

export type PageMetaSink = { title?: string; description?: string };

export const PageMetaContext = createContext<PageMetaSink | null>(null);

export function fullTitle(title: string | undefined): string {
  return title ? `${title} | ${station.name}` : `${station.name} - Lounge, Chillout & Nujazz Radio`;
}

/** Sets the page's title ("{title} | {station}") and meta description; undefined: the site's. */
export function usePageMeta(title: string | undefined, description: string = station.siteDescription) {
  const sink = useContext(PageMetaContext);
  if (sink) {
    // Server render only: effects do not run there.
    sink.title = fullTitle(title);
    sink.description = description;
  }
  useEffect(() => {
    document.title = fullTitle(title);
    document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
}
