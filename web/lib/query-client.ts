import { QueryClient } from "@tanstack/react-query";
import { apiRequest, pathFromQueryKey } from "./api";

// docs/product.md §9: no retries, no refetch on focus, no polling by default, data never stale.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: ({ queryKey }) => apiRequest("GET", pathFromQueryKey(queryKey)),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});
