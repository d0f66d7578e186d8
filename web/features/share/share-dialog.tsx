// Without Web Share: the two networks' share pages, or the clipboard. Loaded on first use.
import { stationLinks } from "#schema/station-links.ts";
import { ModalDialog } from "#web/ui/dialog.tsx";
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
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share this track"
      description={`${track.title} by ${track.artist}`}
    >
      <div className="dialog-actions">
        {networks.map((network) => (
          <button
            key={network}
            type="button"
            className="dialog-button"
            onClick={() => run(() => shareOnNetwork(network, track))}
          >
            {networkLabels[network]}
          </button>
        ))}
        <button type="button" className="dialog-button" onClick={() => run(() => copyTrackInfo(track))}>
          Copy to clipboard
        </button>
      </div>
    </ModalDialog>
  );
}
