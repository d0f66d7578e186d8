import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TrackHistoryItem } from "#schema/api.ts";

export const trackHistoryQueryKey = ["/api/track-history"] as const;

/** Recently played tracks, newest first. */
export const trackHistoryQuery = queryOptions<TrackHistoryItem[]>({ queryKey: trackHistoryQueryKey });

export function useTrackHistory() {
  return useQuery(trackHistoryQuery);
}
