// The player bar's settings: cast, volume and mute, stream quality, log in or out. A lazy part of the
// bar (web/ui/deferred.tsx): the first load carries what plays the radio, these hydrate after.
// Their first render shows what the server rendered (default volume and quality, logged out);
// the listener's stored values follow in the next render, a transition right after it
// (web/ui/deferred.tsx).
import { useSetAtom } from "jotai";
import { defaultStreamQuality, type StreamQuality, streamQualities } from "#web/lib/constants.ts";
import { useCurrentUser } from "#web/lib/queries/auth.ts";
import { useDataAfterFirstRender } from "#web/ui/deferred.tsx";
import { loginDialogOpenAtom } from "../auth/state";
import { useLogout } from "../auth/use-logout";
import { useAudio } from "./audio-context";
import { CastButton } from "./cast-button";
import { RewindControls } from "./rewind-controls";
import { VolumeControl } from "./volume-control";

const qualityLabels: Record<StreamQuality, string> = { hd: "HD", sd: "SD", mobile: "Mobile" };

function AccountButton() {
  const user = useDataAfterFirstRender(useCurrentUser().data);
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

export function PlayerSettings() {
  const { quality, setQuality } = useAudio();
  const shownQuality = useDataAfterFirstRender(quality) ?? defaultStreamQuality;
  return (
    <>
      {/* Its row on a phone, kept from first paint where they show (ADR 063). */}
      <div className="player-rewind-slot">
        <RewindControls />
      </div>
      {/* It appears only when a device is in reach; the others stay where they are. */}
      <CastButton />
      <VolumeControl />
      <select
        className="player-quality"
        aria-label="Stream quality"
        value={shownQuality}
        onChange={(event) => setQuality(event.target.value as StreamQuality)}
      >
        {streamQualities.map((option) => (
          <option key={option} value={option}>
            {qualityLabels[option]}
          </option>
        ))}
      </select>
      <AccountButton />
    </>
  );
}
