import type { TrackHistoryItem } from "#schema/api.ts";
import { relativeTime } from "../lib/time";
import { TrackArtwork } from "./track-artwork";
import "./track.css";

/** Artwork, title, artist and how long ago: one played track in the home grid and the history list. */
export function PlayedTrack({ track }: { track: TrackHistoryItem }) {
  return (
    <>
      <TrackArtwork src={track.artwork} size={56} label={track.album || track.title} />
      <div className="track-text">
        <p className="track-title">{track.title}</p>
        <p className="track-artist">{track.artist}</p>
        <p className="track-time">{relativeTime(track.playedAt)}</p>
      </div>
    </>
  );
}
