// The live room's state and how one read of the radio host changes it. Pure, so every rule
// here is unit-tested directly.
import type { LiveMessage, Track, TrackHistoryItem } from "#schema/api.ts";
import { fallbackTrack } from "#schema/station.ts";
import { artworkTrackKey } from "../lib/artwork/normalise";
import type { Config } from "../lib/config";
import { currentTrackSource, isFallbackTrack, type Observation, trackKey } from "../lib/radio";

/** What `advance` takes: one read of the host, as lib/radio's observeStation reports it. */
export type { Observation };

export type StationState = {
  /** Increases by one with every change; clients and shards drop anything older than they have. */
  version: number;
  /** The upstream this state was read from; a configuration change starts afresh. */
  source: string;
  current: Track;
  next: Track | null;
  /** The host's listener count, null when it reports none or does not answer. */
  listeners: number | null;
  /**
   * When the host changed to the current track (ms since the epoch, the room's clock): the middle
   * of the last read that showed the track before and the first that showed this one. ADR 020.
   */
  changedAt: number;
  /** When the host last answered (ms), null when it never did. */
  readAt: number | null;
  /** The track_history row recorded for the current track, when the room recorded one. */
  played: TrackHistoryItem | null;
  /**
   * The play recorded before `played`, as stored: a cover found for it after its track ended is
   * put here too, so a list loaded from a cache older than that cover still shows it. Absent in
   * states kept before it existed.
   */
  previous?: TrackHistoryItem | null;
  /** Whether listeners see the count (the admin's setting); absent in states kept before it existed: yes. */
  listenersPublic?: boolean;
};

/** The count listeners may see: none when the admin hides it. */
export function publicListeners(state: StationState): { listeners: number | null; listenersHidden?: true } {
  return state.listenersPublic === false
    ? { listeners: null, listenersHidden: true }
    : { listeners: state.listeners };
}

/** The state with the admin's choice of showing the count: a new version when it changes. */
export function withListenersPublic(state: StationState, listenersPublic: boolean): StationState | null {
  if ((state.listenersPublic !== false) === listenersPublic) return null;
  return { ...state, listenersPublic, version: state.version + 1 };
}

/** Before the first read: the newest recorded play (also the current track's row), else the fallback. */
export function coldState(source: string, recorded: TrackHistoryItem | null, now: number): StationState {
  return {
    version: 0,
    source,
    current: recorded
      ? { title: recorded.title, artist: recorded.artist, album: recorded.album, artwork: recorded.artwork }
      : { ...fallbackTrack, album: null, artwork: null },
    next: null,
    listeners: null,
    changedAt: now,
    readAt: null,
    played: recorded,
    previous: null,
  };
}

export const sameTrack = (a: Track | null, b: Track | null) =>
  a === null || b === null ? a === b : trackKey(a) === trackKey(b);

/**
 * A change is stamped halfway between the read before it and the read that saw it, when those
 * are this close; after a longer silence (a restart, a host that did not answer) the time it was
 * seen is all the room knows.
 */
export const changeWindowMaxMs = 5_000;

/** The host-side moment of a change first seen at `now`: the middle of the window it happened in. */
export function changeMoment(previousReadAt: number | null, now: number): number {
  if (previousReadAt === null || now - previousReadAt > changeWindowMaxMs || previousReadAt > now) return now;
  return Math.round((previousReadAt + now) / 2);
}

export type Advance = {
  state: StationState;
  /** The current track differs from the one before (a new track_history row is due). */
  trackChanged: boolean;
  /** Something listeners see differs: the track, the next track, or the listener count. */
  changed: boolean;
  /** Only the listener count differs. */
  countOnly: boolean;
};

/**
 * The state after one observation. A failed read keeps the last known track and next track
 * and reports no listener count; a failed next-track read keeps the last next track unless the
 * current track changed (the old "next" is then most likely what plays now).
 */
export function advance(previous: StationState, observation: Observation, now: number): Advance {
  const trackChanged = observation.current !== null && !sameTrack(previous.current, observation.current);
  // A cover the room found for the track (or the next) stays while the host still sends none.
  const current = trackChanged
    ? (observation.current as Track)
    : withArtworkOf(previous.current, observation.current);
  const observedNext =
    observation.next !== undefined ? observation.next : trackChanged ? null : previous.next;
  const next =
    observedNext && sameTrack(previous.next, observedNext)
      ? withArtworkOf(previous.next, observedNext)
      : observedNext;
  const listeners = observation.current === null ? null : observation.listeners;
  const nextChanged = !sameTrack(previous.next, next);
  const countChanged = previous.listeners !== listeners;
  const changed = trackChanged || nextChanged || countChanged;
  return {
    state: {
      version: previous.version + (changed ? 1 : 0),
      source: previous.source,
      current,
      next,
      listeners,
      changedAt: trackChanged ? changeMoment(previous.readAt, now) : previous.changedAt,
      readAt: observation.current === null ? previous.readAt : now,
      played: trackChanged ? null : previous.played,
      // A track that is not recorded (the fallback) leaves the last play as the previous one.
      previous: trackChanged ? (previous.played ?? previous.previous ?? null) : (previous.previous ?? null),
      listenersPublic: previous.listenersPublic,
    },
    trackChanged,
    changed,
    countOnly: changed && !trackChanged && !nextChanged,
  };
}

/** The observed track (when there is one), with the known cover when the host sent none. */
function withArtworkOf(known: Track | null, observed: Track | null): Track {
  const track = (observed ?? known) as Track;
  return track.artwork || !known?.artwork ? track : { ...track, artwork: known.artwork };
}

/**
 * The state with a cover found for its current or next track: a new version, so shards and
 * players take it. Null when the track is no longer there or already has a cover.
 */
export function withArtwork(
  state: StationState,
  which: "current" | "next",
  track: { title: string; artist: string },
  artwork: string,
): StationState | null {
  const target = state[which];
  if (!target || target.artwork || !sameTrack(target, track)) return null;
  return { ...putCover(state, which, artwork, false), version: state.version + 1 };
}

/**
 * The state with a cover found for a play after its track ended, when that play is the previous
 * one and has none: a new version, so players put it on the history row. Null otherwise.
 */
export function withPreviousPlayArtwork(
  state: StationState,
  playId: number,
  artwork: string,
): StationState | null {
  const play = state.previous;
  if (!play || play.id !== playId || play.artwork) return null;
  return { ...state, previous: { ...play, artwork }, version: state.version + 1 };
}

/**
 * The state with the admin's cover (or none) on the current and next track when either is that
 * recording (matched as covers are, by normalised artist and title): a new version, or null when
 * neither changes. Unlike a found cover it replaces whatever the track showed.
 */
export function withAdminCover(
  state: StationState,
  track: { title: string; artist: string },
  artwork: string | null,
): StationState | null {
  const key = artworkTrackKey(track);
  let updated = state;
  for (const which of ["current", "next"] as const) {
    const target = updated[which];
    if (!target || artworkTrackKey(target) !== key || target.artwork === artwork) continue;
    updated = putCover(updated, which, artwork, true);
  }
  // The previous play's history row took the cover too (lib/artwork/admin.ts).
  const previous = updated.previous;
  if (previous && artworkTrackKey(previous) === key && previous.artwork !== artwork) {
    updated = { ...updated, previous: { ...previous, artwork } };
  }
  return updated === state ? null : { ...updated, version: state.version + 1 };
}

/** The cover on the current or next track, and on the current one's play (unless it has one and `replace` is false). */
function putCover(
  state: StationState,
  which: "current" | "next",
  artwork: string | null,
  replace: boolean,
): StationState {
  const target = state[which] as Track;
  const played =
    which === "current" && state.played && (replace || !state.played.artwork)
      ? { ...state.played, artwork }
      : state.played;
  return { ...state, [which]: { ...target, artwork }, played };
}

/**
 * A poll's state when another change landed while it read the host (the admin's count setting,
 * a cover): that change is kept, and the version comes after it, so shards take the result.
 */
export function rebasedOnto(latest: StationState, polled: StationState, changed: boolean): StationState {
  const keepCover = (mine: Track | null, theirs: Track | null): Track | null =>
    mine && theirs?.artwork && !mine.artwork && sameTrack(mine, theirs)
      ? { ...mine, artwork: theirs.artwork }
      : mine;
  const keepPlayCover = (mine: TrackHistoryItem | null, theirs: TrackHistoryItem | null | undefined) =>
    mine && theirs?.artwork && !mine.artwork && mine.id === theirs.id
      ? { ...mine, artwork: theirs.artwork }
      : mine;
  return {
    ...polled,
    current: keepCover(polled.current, latest.current) as Track,
    next: keepCover(polled.next, latest.next),
    played: keepPlayCover(polled.played, latest.played),
    // The previous play may be the one `latest` still called current (the poll saw the change).
    previous: keepPlayCover(keepPlayCover(polled.previous ?? null, latest.previous), latest.played),
    listenersPublic: latest.listenersPublic,
    version: Math.max(polled.version, latest.version + (changed ? 1 : 0)),
  };
}

/** Whether the track is worth a history row (never the fallback or an empty title). */
export function isRecordable(track: Track): boolean {
  return track.title.trim() !== "" && !isFallbackTrack(track);
}

export function sourceOf(config: Config): string {
  return `${currentTrackSource(config)}|next:${config.NEXT_TRACK_URL ?? ""}`;
}

/** The message every connected player receives. */
export function liveMessage(state: StationState, sentAt: number): LiveMessage {
  return {
    type: "now-playing",
    version: state.version,
    current: state.current,
    next: state.next,
    ...publicListeners(state),
    at: state.changedAt,
    sentAt,
    played: state.played,
    previous: state.previous ?? null,
  };
}
