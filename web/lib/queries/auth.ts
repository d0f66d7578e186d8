// The session is a query, never a copy in an atom (docs/architecture.md, Conventions).
import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "#schema/api.ts";
import { adminUserId } from "#schema/rules.ts";

export const currentUserQueryKey = ["/api/auth/me"] as const;

export function useCurrentUser() {
  return useQuery<CurrentUser>({ queryKey: currentUserQueryKey });
}

export function isAdmin(user: CurrentUser | undefined): boolean {
  return user?.id === adminUserId;
}
