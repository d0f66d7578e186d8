// Where the listener listens (ADR 040): live, or a moment of the recorded window. One state for
// the player bar's rewind controls and the history's play buttons; the stream source plays it.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { atom, useAtom, useAtomValue } from "jotai";
import { useCallback, useContext } from "react";
import type { RewindIndex } from "#schema/api.ts";
import { rewindPageMs, rewindPagesNear, trackStart } from "#schema/rewind.ts";
import { apiRequest } from "#web/lib/api.ts";
import { useClientConfig } from "#web/lib/queries/config.ts";
import { useDataAfterFirstRender } from "#web/ui/deferred.tsx";
import { AudioContext } from "./audio-context";
import { isPlayingAtom, qualityAtom } from "./state";
import { canRewind, rewindTo } from "./stream-source";

/** The host moment heard while rewound (ms), as last read; null while live. */
export const rewindPositionAtom = atom<number | null>(null);

/** The recorded window of `quality`: its oldest and newest moments, read again every few seconds. */
export const rewindWindowQuery = (quality: string) =>
  queryOptions({
    queryKey: ["/api/rewind", quality] as const,
    queryFn: () => apiRequest<RewindIndex>("GET", `/api/rewind/${quality}`),
    staleTime: 5000,
  });

/** One 10-minute page of `quality`'s index (`page` whole pages since 1970): its segments and title changes. */
export const rewindPageQuery = (quality: string, page: number) =>
  queryOptions({
    queryKey: ["/api/rewind", quality, page] as const,
    queryFn: () => apiRequest<RewindIndex>("GET", `/api/rewind/${quality}?at=${page * rewindPageMs}`),
    staleTime: 10_000,
  });

/** Counts the player's seeks: a seek that waited on the index yields to any made meanwhile. */
let seeks = 0;

/**
 * `readWindowNow`: read the recorded window as the caller mounts (a history list's play buttons
 * show only for plays inside it). The player bar's controls read it once the radio plays, so the
 * strip opens with its scrubber, and when pressed: a visitor who never plays costs the recorder
 * nothing.
 */
export function useRewind(readWindowNow = false) {
  // The server rendered no rewind: the first render (hydration) matches it, the next one decides.
  const clientConfig = useClientConfig();
  const config = useDataAfterFirstRender(clientConfig.data);
  // Outside the player (a screen rendered alone) there is nothing to rewind.
  const player = useContext(AudioContext);
  const isPlaying = useAtomValue(isPlayingAtom);
  const quality = useAtomValue(qualityAtom);
  const [position, setPosition] = useAtom(rewindPositionAtom);
  const settings = config?.rewind;
  const available = !!player && !!settings && settings.minutes > 0 && canRewind();
  const window = useQuery({
    ...rewindWindowQuery(quality),
    enabled: available && (readWindowNow ? settings.playFromHistory : isPlaying),
  });
  const streams = config?.streams;

  /** Plays from `at` (a host moment), or live with null; starts the radio if it was off. */
  const go = useCallback(
    (at: number | null) => {
      seeks += 1;
      if (at === null) rewindTo(null);
      else
        rewindTo({
          at,
          qualityOf: (url) => Object.entries(streams ?? {}).find(([, u]) => u === url)?.[0] ?? null,
        });
      setPosition(at);
      if (!isPlaying) player?.play();
    },
    [streams, setPosition, isPlaying, player],
  );

  /**
   * For a press that reads something before it seeks: the seek it makes later, dropped when
   * another seek (or 'Back to live') came meanwhile.
   */
  const pendingSeek = useCallback(() => {
    const mine = ++seeks;
    return (at: number | null) => {
      if (mine === seeks) go(at);
    };
  }, [go]);

  const queryClient = useQueryClient();
  /**
   * The stream's own title changes around `at`, read fresh from the index pages (each kept 3 s
   * at the edge); none when a read fails: that costs the precision, never the play.
   */
  const titlesNear = useCallback(
    async (at: number): Promise<RewindIndex["titles"]> => {
      const pages = await Promise.all(
        rewindPagesNear(at).map((page) =>
          queryClient.fetchQuery({ ...rewindPageQuery(quality, page), staleTime: 0 }).then(
            (index) => index.titles ?? [],
            () => [],
          ),
        ),
      );
      return pages.flat();
    },
    [quality, queryClient],
  );

  /**
   * Plays the play stamped `stampMs` (named `title`) from its first sound: where the stream's own
   * title changed near the stamp, else the stamp less its lead (trackStart); never before the
   * window's `oldest` moment. A seek or 'Back to live' pressed while the index is read wins
   * (`seek`: the press's own, when it read something before).
   */
  const goToTrack = useCallback(
    async (stampMs: number, oldest: number, title?: string, seek = pendingSeek()) => {
      const titles = await titlesNear(stampMs);
      seek(Math.max(oldest, trackStart(stampMs, titles, title)));
    },
    [pendingSeek, titlesNear],
  );

  return {
    /** Whether `available` is decided: the configuration has come. */
    known: !!config,
    /** Whether the configuration could not come (offline, an error): nothing is decided. */
    configFailed: clientConfig.isError,
    available,
    /** What the operator allows beyond going back (ADR 042). */
    restartTrack: available && settings.restartTrack,
    playFromHistory: available && settings.playFromHistory,
    position,
    setPosition,
    go,
    pendingSeek,
    goToTrack,
    titlesNear,
    window,
  };
}
