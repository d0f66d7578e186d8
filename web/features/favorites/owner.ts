// Who owns favorites and listening in this browser: the user when logged in, else the anonymous
// session id. That id is read after mount (SSR-safe) and made only when the listener first does
// something kept under it (docs/product.md §9): a first visit asks for no favorites it cannot have.
import { atom, useAtomValue, useSetAtom } from "jotai";
import { useCallback } from "react";
import type { CurrentUser } from "#schema/api.ts";
import { useCurrentUser } from "#web/lib/queries/auth.ts";
import { getAnonymousSessionId, peekAnonymousSessionId } from "#web/lib/session-id.ts";

export type FavoritesOwner = {
  user: CurrentUser | undefined;
  /** The user id when logged in, else this browser's anonymous session id; null while not known or when there is none. */
  ownerId: string | null;
  /** Logged out and this browser has no anonymous session id yet: nothing is kept for it. */
  hasNone: boolean;
  /** The current-user call has not answered yet. */
  userPending: boolean;
};

/**
 * undefined until local storage is read, null when it holds no id (or cannot be read). Shared,
 * so that an id made for one part (the listening recorder) is every part's at once. Read once
 * as the first part that needs it mounts, and again only after every such part has gone.
 */
const anonymousIdAtom = atom<string | null | undefined>(undefined);
anonymousIdAtom.onMount = (set) => set(peekAnonymousSessionId());

export function useFavoritesOwner(): FavoritesOwner {
  const { data: user, isPending } = useCurrentUser();
  const anonymousId = useAtomValue(anonymousIdAtom);
  const loggedOut = !isPending && !user;
  return {
    user: user ?? undefined,
    ownerId: user ? user.id : loggedOut ? (anonymousId ?? null) : null,
    hasNone: loggedOut && anonymousId === null,
    userPending: isPending,
  };
}

/**
 * The anonymous session id, made now (once, in local storage) when this browser has none: for
 * what a logged-out listener does that is kept under it. Null when storage cannot hold it.
 */
export function useMakeAnonymousId(): () => string | null {
  const setAnonymousId = useSetAtom(anonymousIdAtom);
  return useCallback(() => {
    try {
      const id = getAnonymousSessionId();
      setAnonymousId(id);
      return id;
    } catch (error) {
      console.warn("No anonymous session id (storage unavailable)", error);
      return null;
    }
  }, [setAnonymousId]);
}
