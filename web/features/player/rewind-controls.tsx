// Going back in time (ADR 040): back 30 seconds, back to the start of the track being heard, and
// back to live. Shown where the station keeps a rewind window and the browser plays through Media
// Source Extensions. While rewound it keeps the track heard then (from the history) for the
// player bar, the lock screen and the heart, and says how far behind live the listener is.
import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import type { NowPlaying, TrackHistoryItem } from "#schema/api.ts";
import { trackHistoryQuery } from "#web/lib/queries/track-history.ts";
import { useRewind } from "./rewind";
import { heardTrackAtom } from "./state";
import { rewindPosition } from "./stream-source";

/** How often the moment heard is read while rewound. */
const positionEveryMs = 500;

/** The play of `history` (newest first) that was on at `at` (ms), if the list reaches back so far. */
export function playAt(history: TrackHistoryItem[], at: number): TrackHistoryItem | undefined {
  return history.find((play) => Date.parse(play.playedAt) <= at);
}

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

export function RewindControls() {
  const { available, position, setPosition, go, window } = useRewind();
  const setHeard = useSetAtom(heardTrackAtom);
  const rewound = position !== null;
  const history = useQuery({ ...trackHistoryQuery, enabled: rewound });

  useEffect(() => {
    if (!rewound) return;
    const timer = setInterval(() => setPosition(rewindPosition()), positionEveryMs);
    return () => clearInterval(timer);
  }, [rewound, setPosition]);

  const heard = position === null || !history.data ? undefined : playAt(history.data, position);
  useEffect(() => {
    setHeard(heard ? heardTrack(heard) : null);
  }, [heard, setHeard]);
  // Leaving (the controls unmount): the bar names the live track again.
  useEffect(() => () => setHeard(null), [setHeard]);

  if (!available) return null;

  /** The recorded window now: from its oldest moment to its newest (host ms). */
  async function readWindow() {
    const { data } = await window.refetch();
    return data ?? { oldest: null, newest: null };
  }

  async function back(ms: number) {
    const index = await readWindow();
    if (index.oldest === null || index.newest === null) return;
    // From live, the newest moment recorded stands for now.
    const from = rewindPosition() ?? index.newest;
    go(Math.max(index.oldest, from - ms));
  }

  async function restartTrack() {
    const [index, list] = await Promise.all([readWindow(), history.refetch().then((r) => r.data)]);
    if (index.oldest === null || index.newest === null || !list) return;
    const at = rewindPosition() ?? index.newest;
    const started = playAt(list, at);
    go(Math.max(index.oldest, started ? Date.parse(started.playedAt) : index.oldest));
  }

  // Live moves on as the listener listens: the newest moment then, plus the time since.
  const newest = window.data?.newest ?? null;
  const behind =
    position !== null && newest !== null ? newest + (Date.now() - window.dataUpdatedAt) - position : null;
  return (
    <fieldset className="player-rewind" aria-label="Rewind" data-heard-at={position ?? undefined}>
      <button
        type="button"
        className="player-text-button"
        aria-label="Back 30 seconds"
        onClick={() => void back(30_000)}
      >
        −30 s
      </button>
      <button
        type="button"
        className="player-text-button"
        aria-label="Restart this track"
        onClick={() => void restartTrack()}
      >
        <RestartIcon />
      </button>
      {/* Above the bar while rewound: the bar's controls stay where they are. */}
      {rewound && (
        <div className="player-rewind-banner">
          <span className="player-rewind-behind">
            {behind !== null ? `${formatBehind(behind)} behind live` : "Not live"}
          </span>
          <button type="button" className="player-text-button" onClick={() => go(null)}>
            Back to live
          </button>
        </div>
      )}
    </fieldset>
  );
}
