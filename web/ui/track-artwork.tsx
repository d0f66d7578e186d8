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
  return (
    <div className="artwork" style={{ width: size, height: size }}>
      {src && (
        <img
          src={src}
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
