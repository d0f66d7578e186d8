// The share button of the current track; shown only when the track has title and artist (docs/product.md §5).
import { lazy, Suspense, useState } from "react";
import { ShareIcon } from "#web/ui/track-icons.tsx";
import { canWebShare, webShare } from "./share";

const ShareDialog = lazy(() => import("./share-dialog"));

export function ShareButton({
  track,
}: {
  track: { title?: string | null; artist?: string | null; historyId?: number | null };
}) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const title = track.title?.trim();
  const artist = track.artist?.trim();
  if (!title || !artist) return null;

  const onClick = () => {
    if (canWebShare()) {
      void webShare({ title, artist, historyId: track.historyId });
      return;
    }
    setDialogLoaded(true);
    setDialogOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className="player-icon-button share-button"
        aria-label="Share track"
        data-tooltip=""
        onClick={onClick}
      >
        <ShareIcon />
      </button>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <ShareDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            track={{ title, artist, historyId: track.historyId }}
          />
        </Suspense>
      )}
    </>
  );
}
