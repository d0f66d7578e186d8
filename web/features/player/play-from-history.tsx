// A history row's play button (ADR 040): plays the track from its first sound (where the stream's
// own title changed, near the history's stamp), while that start is still in the window.
// Shown only where the listener can rewind and the operator allows playing a chosen track (ADR 042).
import type { TrackHistoryItem } from "#schema/api.ts";
import { PlayIcon } from "#web/ui/icons.tsx";
import { useRewind } from "./rewind";

export function PlayFromHistory({
  track,
}: {
  track: Pick<TrackHistoryItem, "title" | "artist" | "playedAt">;
}) {
  const { playFromHistory, goToTrack, window } = useRewind();
  const start = Date.parse(track.playedAt);
  const oldest = window.data?.oldest ?? null;
  const newest = window.data?.newest ?? null;
  if (!playFromHistory || oldest === null || newest === null || start < oldest || start >= newest)
    return null;
  return (
    <button
      type="button"
      className="icon-button play-from-history"
      aria-label={`Play ${track.title} by ${track.artist} from its start`}
      title="Play from its start"
      onClick={() => void goToTrack(start, oldest, track.title)}
    >
      <PlayIcon size={18} />
    </button>
  );
}
