// The admin's track covers (ADR 019): the recently played tracks with their covers, and setting
// a track's cover (an uploaded image) or none. Keys are the API paths.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SetTrackCover, TrackCover } from "#schema/api.ts";
import { apiRequest } from "../api";
import { trackHistoryQueryKey } from "./track-history";

export const trackCoversQueryKey = ["/api/track-artwork"] as const;

export const trackCoversQueryOptions = () => queryOptions<TrackCover[]>({ queryKey: trackCoversQueryKey });

export function useSetTrackCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetTrackCover) =>
      apiRequest<{ title: string; artist: string; artwork: string | null }>(
        "PUT",
        trackCoversQueryKey[0],
        input,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trackCoversQueryKey });
      void queryClient.invalidateQueries({ queryKey: trackHistoryQueryKey });
    },
  });
}
