// Published content pages as listeners see them: the list (newest first) and one page by slug.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Page } from "#schema/api.ts";
import { isPublished } from "#schema/rules.ts";

export const publicPagesQueryKey = ["/api/pages"] as const;

export const publicPagesQuery = queryOptions<Page[]>({
  queryKey: publicPagesQueryKey,
  // The server answers listeners with published pages only; an editor's session may see drafts.
  select: (pages) => pages.filter((page) => isPublished(page.published)),
});

export function usePublishedPages() {
  return useQuery(publicPagesQuery);
}

export const pageBySlugQueryKey = (slug: string) => ["/api/pages/by-slug", slug] as const;

export function pageBySlugQuery(slug: string) {
  return queryOptions<Page>({ queryKey: pageBySlugQueryKey(slug) });
}

export function usePageBySlug(slug: string) {
  return useQuery(pageBySlugQuery(slug));
}

/** The text of an HTML body, for excerpts; works without a DOM (prerender). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Cuts a text at `max` characters, adding an ellipsis when it was longer. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
