// Sharing the current track: Web Share, else a network's share page in a 550x420 popup,
// else the clipboard (docs/product.md §7). Browser-only; called from click handlers.
import { station } from "#schema/station.ts";
import { stationLinks } from "#schema/station-links.ts";
import { toast } from "#web/ui/toast.tsx";

const sharePopupWidth = 550;
const sharePopupHeight = 420;

/** `historyId`: the recorded play, whose share page unfurls with the track's card. */
export type ShareTrack = { title: string; artist: string; historyId?: number | null };
export type ShareNetwork = keyof typeof stationLinks.shareNetworks;

export function shareText(track: ShareTrack): string {
  return `Now playing on ${station.name}: ${track.title} by ${track.artist}`;
}

/** The track's share page when the play was recorded, else the site. */
export function shareUrl(track: ShareTrack): string {
  return track.historyId
    ? `${window.location.origin}/share/${track.historyId}`
    : `${window.location.origin}/`;
}

export function networkShareUrl(network: ShareNetwork, track: ShareTrack, url = shareUrl(track)): string {
  const target = network === "facebook" ? url : `${shareText(track)} ${url}`;
  return `${stationLinks.shareNetworks[network]}${encodeURIComponent(target)}`;
}

export function canWebShare(): boolean {
  return typeof navigator.share === "function";
}

export async function webShare(track: ShareTrack): Promise<void> {
  try {
    await navigator.share({ title: station.name, text: shareText(track), url: shareUrl(track) });
    toast({ title: "Shared successfully", description: "Track has been shared" });
  } catch (error) {
    // The listener closed the share sheet: nothing went wrong.
    if ((error as { name?: unknown } | null)?.name === "AbortError") return;
    console.error("Share failed", error);
    toast({ title: "Share failed", description: "Could not share the track", variant: "destructive" });
  }
}

export async function copyTrackInfo(track: ShareTrack): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error("Clipboard unavailable");
    await navigator.clipboard.writeText(`${shareText(track)} ${shareUrl(track)}`);
    toast({ title: "Link copied", description: "Track info has been copied to clipboard" });
  } catch (error) {
    console.error("Copy failed", error);
    toast({ title: "Copy failed", description: "Could not copy to clipboard", variant: "destructive" });
  }
}

/** Opens the network's share page in a popup; a blocked popup falls back to the clipboard. */
export async function shareOnNetwork(network: ShareNetwork, track: ShareTrack): Promise<void> {
  const left = Math.max(0, (window.screen.width - sharePopupWidth) / 2);
  const top = Math.max(0, (window.screen.height - sharePopupHeight) / 2);
  const popup = window.open(
    networkShareUrl(network, track),
    "share",
    `popup,width=${sharePopupWidth},height=${sharePopupHeight},left=${left},top=${top}`,
  );
  if (popup) {
    popup.opener = null;
    return;
  }
  await copyTrackInfo(track);
}
