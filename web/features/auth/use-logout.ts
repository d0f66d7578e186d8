import { useCallback, useState } from "react";
import type { SuccessResponse } from "#schema/api.ts";
import { apiRequest } from "#web/lib/api.ts";

/**
 * docs/product.md §4: logout reloads the site at the home path. A plain request, not a TanStack
 * mutation: the player bar is in the first load and useMutation would add its code there.
 */
export function useLogout() {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(() => {
    setPending(true);
    apiRequest<SuccessResponse>("POST", "/api/auth/logout")
      .catch((error: unknown) => console.error("Logout failed", error))
      .finally(() => window.location.assign("/"));
  }, []);
  return { isPending, mutate };
}
