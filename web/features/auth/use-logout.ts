import { useMutation } from "@tanstack/react-query";
import type { SuccessResponse } from "#schema/api.ts";
import { apiRequest } from "#web/lib/api.ts";

/** docs/product.md §4: logout reloads the site at the home path. */
export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest<SuccessResponse>("POST", "/api/auth/logout"),
    onError: (error) => console.error("Logout failed", error),
    onSettled: () => window.location.assign("/"),
  });
}
