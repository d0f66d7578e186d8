// The scrubber over the rewind window (ADR 040): a slider from the oldest moment listeners may
// reach to live, the tracks marked where they start (where the operator allows playing a chosen
// track, ADR 042). Dragging or the arrow keys move it; the player goes there once it rests.
import { useEffect, useRef, useState } from "react";
import type { RewindIndex, TrackHistoryItem } from "#schema/api.ts";
import { trackStart } from "#schema/rewind.ts";

/** The slider moves in steps of this many seconds (arrow keys); Page Up/Down move ten of them. */
const stepSeconds = 5;
/** The player goes to the slider's moment once it has rested this long. */
const restMs = 350;

export type ScrubberProps = {
  /** The window (host ms): its oldest moment, and live now. */
  oldest: number;
  live: number;
  /** The moment heard; null: live. */
  position: number | null;
  /** Newest first; marked when given. */
  plays: TrackHistoryItem[] | null;
  /** "1:38 behind live" from ms behind. */
  behindText: (ms: number) => string;
  onSeek: (at: number | null) => void;
};

/** The play on at `at`: its music starts where the stream's title changed near its stamp (trackStart). */
export function playHeardAt(
  plays: TrackHistoryItem[],
  at: number,
  titles: RewindIndex["titles"] = [],
): TrackHistoryItem | undefined {
  return plays.find((play) => trackStart(Date.parse(play.playedAt), titles, play.title) <= at);
}

export function RewindScrubber({ oldest, live, position, plays, behindText, onSeek }: ScrubberProps) {
  // Whole steps, so the slider's end (live) is a value it can take.
  const span = Math.max(stepSeconds, Math.ceil((live - oldest) / 1000 / stepSeconds) * stepSeconds);
  const heardSeconds = position === null ? span : Math.round((position - oldest) / 1000);
  // While the listener moves it, the slider shows their value, not the moment heard.
  const [moving, setMoving] = useState<number | null>(null);
  const rest = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(rest.current ?? undefined), []);
  const value = Math.min(span, Math.max(0, moving ?? heardSeconds));

  function move(seconds: number) {
    setMoving(seconds);
    clearTimeout(rest.current ?? undefined);
    rest.current = setTimeout(() => {
      setMoving(null);
      // The slider's end is live.
      onSeek(seconds >= span ? null : oldest + seconds * 1000);
    }, restMs);
  }

  const at = oldest + value * 1000;
  const play = plays ? playHeardAt(plays, at) : undefined;
  const text = `${value >= span ? "Live" : behindText(live - at)}${play ? `, ${play.title} by ${play.artist}` : ""}`;
  const marks = (plays ?? [])
    .map((p) => ({ id: p.id, name: `${p.title} by ${p.artist}`, at: trackStart(Date.parse(p.playedAt), []) }))
    .filter((m) => m.at > oldest && m.at < live);
  return (
    <div className="player-rewind-scrubber">
      <input
        type="range"
        aria-label="Moment to play"
        aria-valuetext={text}
        min={0}
        max={span}
        step={stepSeconds}
        value={value}
        onChange={(e) => move(Number(e.currentTarget.value))}
      />
      <div className="player-rewind-marks" aria-hidden="true">
        {marks.map((m) => (
          <span
            key={m.id}
            className="player-rewind-mark"
            title={m.name}
            style={{ left: `${((m.at - oldest) / (span * 1000)) * 100}%` }}
          />
        ))}
      </div>
    </div>
  );
}
