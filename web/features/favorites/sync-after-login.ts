// After login (docs/product.md §4): post the pending favorite with the user id, then clear it whether
// that worked or not; migrate the anonymous session's favorites once per user per browser session.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useCurrentUser } from "#web/lib/queries/auth.ts";
import { addFavorite, invalidateFavorites, migrateFavorites } from "#web/lib/queries/favorites.ts";
import { peekAnonymousSessionId } from "#web/lib/session-id.ts";
import { clearPendingFavorite, readPendingFavorite } from "./pending";

/** Session-storage flag, per user, that anonymous favorites were migrated. */
const favoritesMigratedKeyPrefix = "favorites-migrated-";

/** Returns whether anything changed on the server. */
export async function syncFavoritesAfterLogin(userId: string): Promise<boolean> {
  let changed = false;
  const pending = readPendingFavorite();
  if (pending) {
    try {
      await addFavorite({
        sessionId: userId,
        trackTitle: pending.trackTitle,
        trackArtist: pending.trackArtist,
        trackAlbum: pending.trackAlbum ?? null,
        trackArtwork: pending.trackArtwork ?? null,
      });
      changed = true;
    } catch (error) {
      console.error("Failed to save the pending favorite", error);
    } finally {
      clearPendingFavorite();
    }
  }

  const flag = `${favoritesMigratedKeyPrefix}${userId}`;
  try {
    if (sessionStorage.getItem(flag)) return changed;
    const anonymousId = peekAnonymousSessionId();
    if (anonymousId) {
      await migrateFavorites(anonymousId);
      changed = true;
    }
    sessionStorage.setItem(flag, "true");
  } catch (error) {
    console.error("Failed to migrate favorites", error);
  }
  return changed;
}

export function useSyncFavoritesAfterLogin() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const syncedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user || syncedFor.current === user.id) return;
    syncedFor.current = user.id;
    void syncFavoritesAfterLogin(user.id).then((changed) => {
      if (changed) return invalidateFavorites(queryClient);
    });
  }, [user, queryClient]);
}

/** Mounted once (web/app-services.tsx): runs the sync whenever somebody has logged in. */
export function FavoritesSync() {
  useSyncFavoritesAfterLogin();
  return null;
}
