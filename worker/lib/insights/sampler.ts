// What the live room learns about its audience between two writes (ADR 021): the listener
// count of every read, tallied per minute and mount, and per play for song impact. Pure, so the
// rules are unit-tested directly; the reader writes what is finished once a minute (samples.ts).

/** The mount name that stands for the whole station (every mount together). */
export const allMounts = "*";

export type Tally = { min: number; max: number; sum: number; samples: number };

/** One minute's counts: by mount path, and `allMounts` for the station's total. */
export type MinuteTally = { start: number; mounts: Record<string, Tally> };

/** One play as the room followed it: the counts at its first and latest read, and the average. */
export type PlayTally = {
  playId: number;
  title: string;
  artist: string;
  /** When the room first saw the play (ms). */
  from: number;
  /** The latest read during it (ms). */
  to: number;
  first: number;
  last: number;
  sum: number;
  samples: number;
};

/** A finished play's figures, as track_history keeps them. */
export type PlayImpact = {
  playId: number;
  title: string;
  artist: string;
  from: number;
  to: number;
  listenersStart: number;
  listenersEnd: number;
  listenersAvg: number;
};

export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

/** Listener figures are shown to one decimal. */
export const round1 = (n: number) => Math.round(n * 10) / 10;

export function minuteOf(now: number): number {
  return now - (now % minuteMs);
}

function added(tally: Tally | undefined, count: number): Tally {
  if (!tally) return { min: count, max: count, sum: count, samples: 1 };
  return {
    min: Math.min(tally.min, count),
    max: Math.max(tally.max, count),
    sum: tally.sum + count,
    samples: tally.samples + 1,
  };
}

/**
 * The minute's tally after one read at `now` (the station's `total` and each mount's count).
 * A read in a later minute starts a new tally and hands back the one it ends.
 */
export function tallyMinute(
  tally: MinuteTally | null,
  now: number,
  total: number,
  mounts: Record<string, number>,
): { tally: MinuteTally; finished: MinuteTally | null } {
  const start = minuteOf(now);
  const finished = tally && tally.start !== start ? tally : null;
  const base = tally && tally.start === start ? tally.mounts : {};
  const next: Record<string, Tally> = { ...base, [allMounts]: added(base[allMounts], total) };
  for (const [mount, count] of Object.entries(mounts)) {
    if (mount !== allMounts) next[mount] = added(base[mount], count);
  }
  return { tally: { start, mounts: next }, finished };
}

/**
 * The play's tally after one read. A new play (another id) starts a new tally, and the one it
 * ends comes back as finished when the room followed it from its first read (`fromStart`) to
 * this one; a play the room joined late (after a restart) is not counted.
 */
export function tallyPlay(
  tally: (PlayTally & { fromStart: boolean }) | null,
  play: { id: number; title: string; artist: string; started: boolean } | null,
  now: number,
  count: number | null,
): { tally: (PlayTally & { fromStart: boolean }) | null; finished: PlayImpact | null } {
  const sameplay = tally !== null && play !== null && tally.playId === play.id;
  const finished = tally && !sameplay && tally.fromStart ? impactOf(tally, now) : null;
  if (!play) return { tally: null, finished };
  if (count === null) return { tally: sameplay ? tally : null, finished };
  if (sameplay) {
    return {
      tally: { ...tally, to: now, last: count, sum: tally.sum + count, samples: tally.samples + 1 },
      finished,
    };
  }
  return {
    tally: {
      playId: play.id,
      title: play.title,
      artist: play.artist,
      from: now,
      to: now,
      first: count,
      last: count,
      sum: count,
      samples: 1,
      fromStart: play.started,
    },
    finished,
  };
}

function impactOf(tally: PlayTally, endedAt: number): PlayImpact {
  return {
    playId: tally.playId,
    title: tally.title,
    artist: tally.artist,
    from: tally.from,
    to: endedAt,
    listenersStart: tally.first,
    listenersEnd: tally.last,
    listenersAvg: round1(tally.sum / tally.samples),
  };
}
