import { useEffect, useState } from "react";
import type { CurrentUser } from "#schema/api.ts";
import { useCurrentUser } from "#web/lib/queries/auth.ts";
import { getAnonymousSessionId } from "#web/lib/session-id.ts";

export type FavoritesOwner = {
  user: CurrentUser | undefined;
  /** The user id when logged in, else the anonymous session id; null until known. */
  ownerId: string | null;
  /** The current-user call has not answered yet. */
  userPending: boolean;
};

/** Who owns favorites in this browser. The anonymous id is read after mount (SSR-safe). */
export function useFavoritesOwner(): FavoritesOwner {
  const { data: user, isPending } = useCurrentUser();
  const [anonymousId, setAnonymousId] = useState<string | null>(null);
  const loggedOut = !isPending && !user;
  useEffect(() => {
    if (!loggedOut) return;
    try {
      setAnonymousId(getAnonymousSessionId());
    } catch (error) {
      console.warn("No anonymous session id (storage unavailable)", error);
    }
  }, [loggedOut]);
  return {
    user: user ?? undefined,
    ownerId: user ? user.id : loggedOut ? anonymousId : null,
    userPending: isPending,
  };
}
