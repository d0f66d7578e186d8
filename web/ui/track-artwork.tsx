import { coverSrcSet } from "#web/lib/small-image.ts";
import "./track-artwork.css";

type TrackArtworkProps = {
  src?: string | null;
  size?: number;
  /** What the cover shows, for screen readers: "Cover of {album or title}". */
  label?: string | null;
  /** Above the fold (Now Playing, the player bar): fetched at once rather than when scrolled to. */
  eager?: boolean;
};

/** Square artwork with its space reserved (no layout shift); empty, it shows the station's mark (CSS). */
export function TrackArtwork({ src, size = 64, label, eager }: TrackArtworkProps) {
  // The site's own covers come small too (ADR 062): the browser takes the 250-pixel copy unless
  // the screen's density needs more.
  const srcSet = src && typeof location !== "undefined" ? coverSrcSet(src, location.origin) : null;
  return (
    <div className="artwork" style={{ width: size, height: size }}>
      {src && (
        <img
          src={src}
          srcSet={srcSet ?? undefined}
          sizes={srcSet ? `${size}px` : undefined}
          alt={label ? `Cover of ${label}` : ""}
          width={size}
          height={size}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      )}
    </div>
  );
}
