import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClientConfig } from "#schema/api.ts";

export const clientConfigQueryKey = ["/api/config"] as const;

/** The deployment's stream URLs and history widget (ADR 004). */
export const clientConfigQuery = queryOptions<ClientConfig>({ queryKey: clientConfigQueryKey });

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}
