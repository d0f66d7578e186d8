// The fixed bottom player bar (docs/product.md §2): play/pause, volume, mute, quality, the current track
// with its heart and share button, and the login dialog opener.
import { useSetAtom } from "jotai";
import { type StreamQuality, streamQualities } from "#web/lib/constants.ts";
import { useCurrentUser } from "#web/lib/queries/auth.ts";
import { useNowPlaying } from "#web/lib/queries/radio.ts";
import { deferred } from "#web/ui/deferred.tsx";
import { loginDialogOpenAtom } from "../auth/state";
import { useLogout } from "../auth/use-logout";
import { useAudio } from "./audio-provider";
import { PauseIcon, PlayIcon } from "./icons";
import { VolumeControl } from "./volume-control";
import "./player.css";

const TrackActions = deferred(() => import("./track-actions").then((m) => m.TrackActions));

const qualityLabels: Record<StreamQuality, string> = { hd: "HD", sd: "SD", mobile: "Mobile" };

const statusText = {
  stopped: "",
  connecting: "Connecting…",
  playing: "",
  reconnecting: "Reconnecting…",
} as const;

function CurrentTrack() {
  const { data: track } = useNowPlaying();
  return (
    <div className="player-track">
      <div className="player-artwork">
        {track?.artwork ? <img src={track.artwork} alt="" width={48} height={48} decoding="async" /> : null}
      </div>
      <div className="player-track-text">
        <p className="player-track-title">{track?.title ?? "\u00a0"}</p>
        <p className="player-track-artist">{track?.artist ?? "\u00a0"}</p>
      </div>
      {track && <TrackActions track={track} />}
    </div>
  );
}

function AccountButton() {
  const { data: user } = useCurrentUser();
  const openLogin = useSetAtom(loginDialogOpenAtom);
  const logout = useLogout();
  if (user) {
    return (
      <button
        type="button"
        className="player-text-button"
        title={user.email}
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
      >
        Log out
      </button>
    );
  }
  return (
    <button
      type="button"
      className="player-text-button"
      aria-haspopup="dialog"
      onClick={() => openLogin(true)}
    >
      Log in
    </button>
  );
}

export function PlayerBar() {
  const { isPlaying, status, toggle, quality, setQuality } = useAudio();
  const busy = status === "connecting" || status === "reconnecting";
  return (
    <section className="player-bar" aria-label="Player">
      <CurrentTrack />
      <div className="player-controls">
        <button
          type="button"
          className="player-play-button"
          aria-label={isPlaying ? "Pause" : "Play"}
          data-busy={busy || undefined}
          onClick={toggle}
        >
          {isPlaying ? <PauseIcon /> : <PlayIcon />}
        </button>
        <span className="player-status" role="status">
          {statusText[status]}
        </span>
      </div>
      <div className="player-settings">
        <VolumeControl />
        <select
          className="player-quality"
          aria-label="Stream quality"
          value={quality}
          onChange={(event) => setQuality(event.target.value as StreamQuality)}
        >
          {streamQualities.map((option) => (
            <option key={option} value={option}>
              {qualityLabels[option]}
            </option>
          ))}
        </select>
        <AccountButton />
      </div>
    </section>
  );
}
