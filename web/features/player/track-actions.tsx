// The heart and share button of the player bar's track: a lazy chunk (features/player/player-bar.tsx),
// so the favorites and sharing code stays out of the first load.
import { FavoriteButton, type TrackInfo } from "../favorites/favorite-button";
import { ShareButton } from "../share/share-button";

export function TrackActions({ track }: { track: TrackInfo & { historyId?: number | null } }) {
  return (
    <>
      <FavoriteButton track={track} />
      {track.title && track.artist && <ShareButton track={track} />}
    </>
  );
}
