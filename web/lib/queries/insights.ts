// Station insights (ADR 021), the admin's: the figures of a range, listeners now, and the
// listener-count setting. Keys are the API paths.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  Insights,
  InsightsNow,
  InsightsRange,
  InsightsSettings,
  InsightsTable,
} from "#schema/api/insights.ts";
import { apiRequest } from "../api";
import { nowPlayingQueryKey } from "./radio";

const insightsPath = "/api/insights";

/** The range's figures: asked again every minute while the screen is visible. */
export const insightsQueryOptions = (range: InsightsRange) =>
  queryOptions<Insights>({
    queryKey: [`${insightsPath}?range=${range}`],
    refetchInterval: 60_000,
  });

/** Listeners now, from the live room (no D1 read): every 5 s while the screen is visible. */
export const insightsNowQueryOptions = () =>
  queryOptions<InsightsNow>({ queryKey: [`${insightsPath}/now`], refetchInterval: 5_000 });

/** The CSV download of one table of a range (a plain link: the session cookie goes with it). */
export const insightsExportHref = (range: InsightsRange, table: InsightsTable) =>
  `${insightsPath}/export?range=${range}&table=${table}`;

export function useSetListenersPublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InsightsSettings) =>
      apiRequest<InsightsSettings>("PUT", `${insightsPath}/settings`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(insightsPath),
      });
      void queryClient.invalidateQueries({ queryKey: nowPlayingQueryKey });
    },
  });
}
