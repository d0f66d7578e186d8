// Without Web Share: the two networks' share pages, or the clipboard. Loaded on first use.
import { stationLinks } from "#schema/station-links.ts";
import { PlayerDialog } from "../player/ui-dialog";
import { copyTrackInfo, type ShareNetwork, type ShareTrack, shareOnNetwork } from "./share";

const networkLabels: Record<ShareNetwork, string> = { facebook: "Share on Facebook", x: "Share on X" };

export default function ShareDialog({
  open,
  onOpenChange,
  track,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  track: ShareTrack;
}) {
  const networks = Object.keys(stationLinks.shareNetworks) as ShareNetwork[];
  const run = (action: () => Promise<void>) => {
    onOpenChange(false);
    void action();
  };
  return (
    <PlayerDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share this track"
      description={`${track.title} by ${track.artist}`}
    >
      <div className="player-dialog-actions">
        {networks.map((network) => (
          <button
            key={network}
            type="button"
            className="player-dialog-button"
            onClick={() => run(() => shareOnNetwork(network, track))}
          >
            {networkLabels[network]}
          </button>
        ))}
        <button
          type="button"
          className="player-dialog-button"
          onClick={() => run(() => copyTrackInfo(track))}
        >
          Copy to clipboard
        </button>
      </div>
    </PlayerDialog>
  );
}
