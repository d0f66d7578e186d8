import { useMutation } from "@tanstack/react-query";
import type { SuccessResponse } from "../../../schema/api";
import { apiRequest } from "../../lib/api";

/** SPEC section 4: logout reloads the site at the home path. */
export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest<SuccessResponse>("POST", "/api/auth/logout"),
    onError: (error) => console.error("Logout failed", error),
    onSettled: () => window.location.assign("/"),
  });
}
