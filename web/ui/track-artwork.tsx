import { MusicIcon } from "./content-icons";
import "./track-artwork.css";

/** Square artwork with its space reserved (no layout shift), or a note when there is none. */
export function TrackArtwork({ src, size = 64 }: { src?: string | null; size?: number }) {
  return (
    <div className="artwork" style={{ width: size, height: size }}>
      {src ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
      ) : (
        <MusicIcon size={Math.round(size / 2.5)} />
      )}
    </div>
  );
}
