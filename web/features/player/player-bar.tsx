// The fixed bottom player bar (docs/product.md §2): play/pause, volume, mute, quality, the current track
// with its heart and share button, and the login dialog opener.
import { useAtomValue } from "jotai";
import { useNowPlaying } from "#web/lib/queries/radio.ts";
import { deferred, useHydrated } from "#web/ui/deferred.tsx";
import { PauseIcon, PlayIcon } from "#web/ui/icons.tsx";
import { TrackArtwork } from "#web/ui/track-artwork.tsx";
import { useAudio } from "./audio-provider";
import { heardTrackAtom } from "./state";
import "./player.css";

const TrackActions = deferred(() => import("./track-actions").then((m) => m.TrackActions));
const PlayerSettings = deferred(() => import("./player-settings").then((m) => m.PlayerSettings));

const statusText = {
  stopped: "",
  connecting: "Connecting…",
  playing: "",
  reconnecting: "Reconnecting…",
  unavailable: "Stream unavailable",
} as const;

function CurrentTrack() {
  // The server rendered no track: a track fetched before hydration shows in the next render.
  const { data } = useNowPlaying();
  // Rewound: the track heard then (the rewind controls keep it).
  const heard = useAtomValue(heardTrackAtom);
  const track = useHydrated() ? (heard ?? data) : undefined;
  return (
    <div className="player-track">
      <TrackArtwork src={track?.artwork} size={48} label={track ? track.album || track.title : null} eager />
      <div className="player-track-text">
        <p className="player-track-title">{track?.title ?? "\u00a0"}</p>
        <p className="player-track-artist">{track?.artist ?? "\u00a0"}</p>
      </div>
      {track && <TrackActions track={track} />}
    </div>
  );
}

export function PlayerBar() {
  const { isPlaying, status, toggle, play } = useAudio();
  const busy = status === "connecting" || status === "reconnecting";
  return (
    <section className="player-bar" aria-label="Player">
      <CurrentTrack />
      <div className="player-controls">
        <button
          type="button"
          className="player-play-button"
          aria-label={isPlaying ? "Pause" : "Play"}
          data-tooltip=""
          data-busy={busy || undefined}
          onClick={toggle}
        >
          {isPlaying ? <PauseIcon /> : <PlayIcon />}
        </button>
        <span className="player-status" role="status">
          {statusText[status]}
        </span>
        {status === "unavailable" && (
          <button type="button" className="player-text-button" onClick={play}>
            Retry
          </button>
        )}
      </div>
      <div className="player-settings">
        <PlayerSettings />
      </div>
      {/* What the page's first frame waits for: the bar parsed whole (web/index.html, ADR 064). */}
      <span id="player-bar-end" hidden />
    </section>
  );
}
