// The embed's cover (docs/product.md §10): the site's own covers come as their 250-pixel copy
// where the frame's density allows (ADR 062), as the app's do; a host's own artwork as it is.
import type { EmbedOptions } from "#schema/embed.ts";
import { coverSrcSet } from "#web/lib/small-image.ts";

/** The cover's CSS size in each layout (embed.css: 4.5rem, compact 2.75rem). */
export const coverPx = { card: 72, compact: 44 } as const satisfies Record<EmbedOptions["layout"], number>;

/** Shows `artwork` (or none) in `cover`, shown at `px` CSS pixels; the same cover is not fetched again. */
export function showCover(
  cover: HTMLElement,
  artwork: string | null | undefined,
  label: string,
  px: number,
): void {
  const shown = cover.querySelector("img");
  if (!artwork) {
    shown?.remove();
    return;
  }
  if (shown?.getAttribute("src") === artwork) return;
  const image = shown ?? document.createElement("img");
  image.alt = `Cover of ${label}`;
  const srcSet = coverSrcSet(artwork, location.origin);
  // Chosen once the attributes are set, in this task: the full cover is not fetched first.
  image.srcset = srcSet ?? "";
  image.sizes = srcSet ? `${px}px` : "";
  image.src = artwork;
  if (!shown) cover.append(image);
}
