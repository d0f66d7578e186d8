import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlayedTrack, TrackHistoryItem } from "#schema/api.ts";
import { apiRequest } from "../api";

export const trackHistoryQueryKey = ["/api/track-history"] as const;

/**
 * The live room's latest plays, oldest first (features/live/apply-message.ts): the one before
 * the current track's and the current track's, kept for a list that loads after them.
 */
export const livePlaysQueryKey = ["live-plays"] as const;

/** The server keeps at most this many history rows in the list it serves. */
const historyListLength = 100;

/**
 * Recently played tracks, newest first. The list may come from the server's few-second cache,
 * older than a live message that came before it: the live room's latest plays are merged in.
 */
export const trackHistoryQuery = queryOptions<TrackHistoryItem[]>({
  queryKey: trackHistoryQueryKey,
  queryFn: async ({ client }) =>
    withLivePlays(
      await apiRequest<TrackHistoryItem[]>("GET", trackHistoryQueryKey[0]),
      client.getQueryData<TrackHistoryItem[]>(livePlaysQueryKey) ?? [],
    ),
});

/**
 * The list with the live room's plays, oldest first: a play it holds already takes the live play's
 * cover when that has another (a cover found or set after the push comes as the same play), but
 * never loses its cover to a live play kept from before it was found; a newer one goes first.
 */
export function withLivePlays(list: TrackHistoryItem[], plays: TrackHistoryItem[]): TrackHistoryItem[] {
  return plays.reduce(withLivePlay, list);
}

function withLivePlay(list: TrackHistoryItem[], played: TrackHistoryItem): TrackHistoryItem[] {
  const at = list.findIndex((item) => item.id === played.id);
  if (at !== -1)
    return !played.artwork || list[at]?.artwork === played.artwork ? list : list.with(at, played);
  const newest = list[0];
  return newest && newest.playedAt > played.playedAt ? list : [played, ...list].slice(0, historyListLength);
}

export function useTrackHistory() {
  return useQuery(trackHistoryQuery);
}

export const historySearchQueryKey = (query: string) => ["/api/track-history/search", query] as const;

/** The station's own history searched by title or artist (/history without a widget). */
export function historySearchQuery(query: string) {
  return queryOptions<PlayedTrack[]>({
    queryKey: historySearchQueryKey(query),
    queryFn: () => apiRequest("GET", `/api/track-history/search?q=${encodeURIComponent(query)}`),
    // New plays arrive every few minutes: a search a minute old is still a fair answer.
    staleTime: 60_000,
  });
}
