// Media Session: lock screens, notification shades and headphone buttons show and control the radio.
import { useEffect } from "react";
import type { NowPlaying } from "#schema/api.ts";
import { isPlayingStatus, type PlaybackStatus } from "./state";

function mediaSession(): MediaSession | null {
  return typeof navigator !== "undefined" && "mediaSession" in navigator ? navigator.mediaSession : null;
}

export function useMediaSession(
  track: NowPlaying | undefined,
  status: PlaybackStatus,
  play: () => void,
  pause: () => void,
) {
  useEffect(() => {
    const session = mediaSession();
    if (!session || !track || typeof MediaMetadata === "undefined") return;
    session.metadata = new MediaMetadata({
      title: track.title,
      artist: track.artist,
      album: track.album ?? "",
      // Without a cover, the lock screen shows the station's icon rather than nothing.
      artwork: track.artwork
        ? [{ src: track.artwork, sizes: "500x500" }]
        : [{ src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" }],
    });
  }, [track]);

  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    const handlers: [MediaSessionAction, () => void][] = [
      ["play", play],
      ["pause", pause],
      ["stop", pause],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {}
      }
    };
  }, [play, pause]);

  useEffect(() => {
    const session = mediaSession();
    if (session) session.playbackState = isPlayingStatus(status) ? "playing" : "paused";
  }, [status]);
}
