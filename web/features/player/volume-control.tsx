// Mute button and volume slider (0 to 100, step 1). On narrow screens the slider is a popup opened
// by a button; on wide screens it is always shown (player.css). The slider is a native range input:
// it has the slider role, arrow keys, touch and screen-reader support built in, where Radix Slider
// would add about 10 KB gzip to the first load (measured) for the same accessibility.
import { useEffect, useId, useRef, useState } from "react";
import { defaultVolume } from "#web/lib/constants.ts";
import { useDataAfterFirstRender } from "#web/ui/deferred.tsx";
import { VolumeIcon } from "#web/ui/icons.tsx";
import { useAudio } from "./audio-context";

const volumeSliderMax = 100;
const volumeSliderStep = 1;

export function VolumeControl() {
  const { setVolume, toggleMute, ...audio } = useAudio();
  // A lazy part (player-settings.tsx): the server's default volume first.
  const volume = useDataAfterFirstRender(audio.volume) ?? defaultVolume;
  const [popupOpen, setPopupOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const popupId = useId();
  const value = Math.round(volume * volumeSliderMax);

  useEffect(() => {
    if (!popupOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setPopupOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setPopupOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [popupOpen]);

  return (
    <div className="player-volume" ref={rootRef}>
      <button
        type="button"
        className="player-icon-button"
        aria-label={volume > 0 ? "Mute" : "Unmute"}
        data-tooltip=""
        onClick={toggleMute}
      >
        <VolumeIcon muted={volume === 0} />
      </button>
      <button
        type="button"
        className="player-icon-button player-volume-toggle"
        aria-label={`Adjust volume, ${value}`}
        aria-expanded={popupOpen}
        aria-controls={popupId}
        onClick={() => setPopupOpen((open) => !open)}
      >
        <span aria-hidden="true">{value}</span>
      </button>
      <div id={popupId} className="player-volume-popup" data-open={popupOpen || undefined}>
        <input
          type="range"
          className="player-slider"
          aria-label="Volume"
          aria-valuetext={`${value}%`}
          min={0}
          max={volumeSliderMax}
          step={volumeSliderStep}
          value={value}
          onChange={(event) => setVolume(Number(event.target.value) / volumeSliderMax)}
        />
      </div>
    </div>
  );
}
