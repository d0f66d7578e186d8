// A history row's play button (ADR 040): plays the track from its first sound (where the stream's
// own title changed, near the history's stamp), while that start is still in the window.
// Shown only where the listener can rewind and the operator allows playing a chosen track (ADR 042).
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { TrackHistoryItem } from "#schema/api.ts";
import { PlayIcon } from "#web/ui/icons.tsx";
import { useRewind } from "./rewind";

/** What a list's play buttons share: the recorded window, and the play itself. */
export type HistoryPlay = {
  oldest: number;
  newest: number;
  /** Plays the play stamped `start`, named `title`, from its first sound. */
  play: (start: number, title: string) => void;
};

/**
 * Read once per list, not once per row: a hundred rows each reading the rewind state were a
 * hundred pairs of query observers, and about a quarter of the rows' render time in a CPU
 * profile of /history's start (ADR 045). Null while the listener cannot play a chosen track.
 * `play` never changes, so a memoised list does not render again when playback starts.
 */
export function useHistoryPlay(): HistoryPlay | null {
  const { playFromHistory, goToTrack, window } = useRewind(true);
  const oldest = window.data?.oldest ?? null;
  const newest = window.data?.newest ?? null;
  const latest = useRef({ goToTrack, oldest });
  useEffect(() => {
    latest.current = { goToTrack, oldest };
  });
  const play = useCallback((start: number, title: string) => {
    const { goToTrack, oldest } = latest.current;
    if (oldest !== null) void goToTrack(start, oldest, title);
  }, []);
  return useMemo(
    () => (playFromHistory && oldest !== null && newest !== null ? { oldest, newest, play } : null),
    [playFromHistory, oldest, newest, play],
  );
}

export function PlayFromHistory({
  track,
  play,
}: {
  track: Pick<TrackHistoryItem, "title" | "artist" | "playedAt">;
  play: HistoryPlay | null;
}) {
  const start = Date.parse(track.playedAt);
  if (!play || start < play.oldest || start >= play.newest) return null;
  return (
    <button
      type="button"
      className="icon-button play-from-history"
      aria-label={`Play ${track.title} by ${track.artist} from its start`}
      title="Play from its start"
      onClick={() => play.play(start, track.title)}
    >
      <PlayIcon size={18} />
    </button>
  );
}
