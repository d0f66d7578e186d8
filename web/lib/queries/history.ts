import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NowPlaying, PlayedTrack, TrackHistoryItem } from "#schema/api.ts";
import { apiRequest } from "../api";
import { nowPlayingQueryKey } from "./radio";

export const trackHistoryQueryKey = ["/api/track-history"] as const;

/**
 * Recently played tracks, newest first. The list may come from the server's few-second cache
 * while the live room has since given the play on air its cover, in a message that came before
 * the list (apply-message.ts extends only a list already loaded): that play takes it.
 */
export const trackHistoryQuery = queryOptions<TrackHistoryItem[]>({
  queryKey: trackHistoryQueryKey,
  queryFn: async ({ client }) =>
    withLiveCover(
      await apiRequest<TrackHistoryItem[]>("GET", "/api/track-history"),
      client.getQueryData<NowPlaying>(nowPlayingQueryKey),
    ),
});

/** The list with the cover now playing has for its play, when the list's copy has none. */
export function withLiveCover(
  list: TrackHistoryItem[],
  nowPlaying: NowPlaying | undefined,
): TrackHistoryItem[] {
  const at = nowPlaying?.artwork ? list.findIndex((item) => item.id === nowPlaying.historyId) : -1;
  const item = list[at];
  return item && !item.artwork ? list.with(at, { ...item, artwork: nowPlaying?.artwork ?? null }) : list;
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
