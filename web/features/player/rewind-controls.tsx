// Going back in time (ADR 040): back 30 seconds, back to the start of the track being heard, a
// scrubber over the window, and back to live. Shown where the station keeps a rewind window and
// the browser plays through Media Source Extensions; what the operator allows (ADR 042). While
// rewound it keeps the track heard then (from the history) for the player bar, the lock screen
// and the heart, and says how far behind live the listener is.
import { useQuery } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useId, useState } from "react";
import type { NowPlaying, TrackHistoryItem } from "#schema/api.ts";
import { rewindPageMs } from "#schema/rewind.ts";
import { trackHistoryQuery } from "#web/lib/queries/track-history.ts";
import { removeStored, writeStored } from "#web/lib/storage.ts";
import { rewindPageQuery, rewindWindowQuery, useRewind } from "./rewind";
import { playHeardAt, RewindScrubber } from "./rewind-scrubber";
import { heardTrackAtom, qualityAtom } from "./state";
import { heardMoment, rewindPosition } from "./stream-source";

/** How often the moment heard is read while rewound. */
const positionEveryMs = 500;

/** "4:05" from 245,000 ms; hours when there are any ("1:02:03"). */
export function formatBehind(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const heardTrack = (play: TrackHistoryItem): NowPlaying => ({
  title: play.title,
  artist: play.artist,
  album: play.album,
  artwork: play.artwork,
  historyId: play.id,
  listeners: null,
});

/** A bar and a triangle pointing back: to the start of the track (an SVG: not every font has ⏮). */
const RestartIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M6 5h2v14H6zM20 5v14L9.5 12z" />
  </svg>
);

/** A clock with its hand turning back: the rewind strip. */
const WindowIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M13 3a9 9 0 0 0-9 9H1l4 4 4-4H6a7 7 0 1 1 2.05 4.95l-1.41 1.41A9 9 0 1 0 13 3zm-1 5v5l4.25 2.52.77-1.28-3.52-2.09V8z"
    />
  </svg>
);

/**
 * Local storage: "off" once the controls were found not to show here (the station keeps no
 * window, or the browser has no MSE); the boot script then keeps no row for them (ADR 063).
 */
export const rewindShownKey = "rewind";

export function RewindControls() {
  const {
    known,
    configFailed,
    available,
    restartTrack: mayRestart,
    playFromHistory,
    position,
    setPosition,
    go,
    pendingSeek,
    goToTrack,
    titlesNear,
    window,
  } = useRewind();
  const setHeard = useSetAtom(heardTrackAtom);
  const rewound = position !== null;
  const [open, setOpen] = useState(false);
  const strip = rewound || open;
  const stripId = useId();
  const history = useQuery({ ...trackHistoryQuery, enabled: strip });
  // While the strip shows, the window's ends move on with live.
  const quality = useAtomValue(qualityAtom);
  const shown = useQuery({
    ...rewindWindowQuery(quality),
    enabled: available && strip,
    refetchInterval: 6000,
  });

  useEffect(() => {
    if (!rewound) return;
    const timer = setInterval(() => setPosition(rewindPosition()), positionEveryMs);
    return () => clearInterval(timer);
  }, [rewound, setPosition]);

  // The stream's own title changes around the moment heard: the bar changes title with the music.
  const page = position === null ? null : Math.floor(position / rewindPageMs);
  const titles = useQuery({
    ...rewindPageQuery(quality, page ?? 0),
    enabled: page !== null,
    // The page still being recorded gains changes; older pages do not.
    refetchInterval: page !== null && (page + 1) * rewindPageMs > Date.now() ? 15_000 : false,
  }).data?.titles;
  const heard = position === null || !history.data ? undefined : playHeardAt(history.data, position, titles);
  useEffect(() => {
    setHeard(heard ? heardTrack(heard) : null);
  }, [heard, setHeard]);
  // The boot script kept their row from first paint where they showed last time: the page says
  // now whether they show, and the next visit's start remembers it. Where the configuration
  // cannot come (offline, an error), the row closes until it does, and nothing is remembered.
  useEffect(() => {
    if (!known) {
      if (configFailed) document.documentElement.removeAttribute("data-rewind");
      return;
    }
    document.documentElement.toggleAttribute("data-rewind", available);
    if (available) removeStored(rewindShownKey);
    else writeStored(rewindShownKey, "off");
  }, [known, available, configFailed]);
  // Leaving (the controls unmount): the bar names the live track again.
  useEffect(() => () => setHeard(null), [setHeard]);

  if (!available) return null;

  /** The recorded window now: from its oldest moment to its newest (host ms). */
  async function readWindow() {
    const { data } = await window.refetch();
    return data ?? { oldest: null, newest: null };
  }

  // Both presses count from the moment heard as the listener pressed, where the player knows it
  // (rewound, or relayed live), read before the window's answer: a track that changes while it
  // is read is not the one they meant.
  async function back(ms: number) {
    const seek = pendingSeek();
    const pressedAt = heardMoment();
    const index = await readWindow();
    if (index.oldest === null || index.newest === null) return;
    // From live, the moment heard (relayed) or the newest moment recorded stands for now.
    const from = pressedAt ?? index.newest;
    seek(Math.max(index.oldest, from - ms));
  }

  async function restartTrack() {
    const seek = pendingSeek();
    const pressedAt = heardMoment();
    const [index, list] = await Promise.all([readWindow(), history.refetch().then((r) => r.data)]);
    if (index.oldest === null || index.newest === null || !list) return;
    const at = pressedAt ?? index.newest;
    // The changes around the moment heard: a track that began a second ago is the one heard.
    const started = playHeardAt(list, at, await titlesNear(at));
    if (started) await goToTrack(Date.parse(started.playedAt), index.oldest, started.title, seek);
    else seek(index.oldest);
  }

  // Live moves on as the listener listens: the newest moment then, plus the time since.
  const newest = shown.data?.newest ?? null;
  const oldest = shown.data?.oldest ?? null;
  const live = newest === null ? null : newest + (Date.now() - shown.dataUpdatedAt);
  const behind = position !== null && live !== null ? live - position : null;
  return (
    <fieldset className="player-rewind" aria-label="Rewind" data-heard-at={position ?? undefined}>
      <button
        type="button"
        className="player-text-button"
        aria-label="Back 30 seconds"
        onClick={() => void back(30_000)}
      >
        {/* The name says the rest: the visible text is part of it (WCAG 2.5.3, label in name). */}
        −30
      </button>
      {mayRestart && (
        <button
          type="button"
          className="player-text-button"
          aria-label="Restart this track"
          onClick={() => void restartTrack()}
        >
          <RestartIcon />
        </button>
      )}
      {!rewound && (
        <button
          type="button"
          className="player-text-button"
          aria-label="Rewind window"
          aria-expanded={open}
          aria-controls={stripId}
          onClick={() => setOpen(!open)}
        >
          <WindowIcon />
        </button>
      )}
      {/* Above the bar while open or rewound: the bar's controls stay where they are. */}
      {strip && (
        <div className="player-rewind-banner" id={stripId}>
          {oldest !== null && live !== null && (
            <RewindScrubber
              oldest={oldest}
              live={live}
              position={position}
              plays={playFromHistory ? (history.data ?? null) : null}
              behindText={(ms) => `${formatBehind(ms)} behind live`}
              onSeek={go}
            />
          )}
          <span className="player-rewind-behind">
            {rewound ? (behind !== null ? `${formatBehind(behind)} behind live` : "Not live") : "Live"}
          </span>
          {rewound ? (
            <button type="button" className="player-text-button" onClick={() => go(null)}>
              Back to live
            </button>
          ) : (
            <button type="button" className="player-text-button" onClick={() => setOpen(false)}>
              Close
            </button>
          )}
        </div>
      )}
    </fieldset>
  );
}
