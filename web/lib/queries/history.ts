import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlayedTrack, TrackHistoryItem } from "#schema/api.ts";
import { apiRequest } from "../api";

export const trackHistoryQueryKey = ["/api/track-history"] as const;

/** Recently played tracks, newest first. */
export const trackHistoryQuery = queryOptions<TrackHistoryItem[]>({ queryKey: trackHistoryQueryKey });

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
