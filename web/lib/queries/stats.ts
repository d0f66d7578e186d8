import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListeningStats } from "#schema/api.ts";

export const statsQueryKey = ["/api/stats"] as const;

export const statsQuery = queryOptions<ListeningStats>({ queryKey: statsQueryKey });

export function useListeningStats() {
  return useQuery(statsQuery);
}
