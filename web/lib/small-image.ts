// The small copy of the site's own images (ADR 062), for the app's covers and the embed's.

/**
 * `<origin>/images/small/<key>` for one of the site's own images (`/images/<key>`, absolute or
 * not): the found cover's 250-pixel thumbnail or the image itself. Null for any other URL: a
 * host's own artwork is shown as it is.
 */
export function smallImageUrl(url: string, origin: string): string | null {
  const own = `${origin}/images/`;
  const full = url.startsWith("/images/") ? origin + url : url;
  return full.startsWith(own) && !full.includes("/", own.length)
    ? `${own}small/${full.slice(own.length)}`
    : null;
}

/** The srcset that offers one of the site's own covers small and whole; null for any other image. */
export function coverSrcSet(url: string, origin: string): string | null {
  const small = smallImageUrl(url, origin);
  return small && `${small} 250w, ${url} 500w`;
}
