// The session is a query, never a copy in an atom (STYLE 5).
import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../../schema/api";
import { adminUserId } from "../../../schema/rules";

export const currentUserQueryKey = ["/api/auth/me"] as const;

export function useCurrentUser() {
  return useQuery<CurrentUser>({ queryKey: currentUserQueryKey });
}

export function isAdmin(user: CurrentUser | undefined): boolean {
  return user?.id === adminUserId;
}
