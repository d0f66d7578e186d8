// Favorites calls and query keys (built from the API path). The owner is the user id when logged in,
// else the anonymous session id (docs/product.md §4).
import type { QueryClient } from "@tanstack/react-query";
import type {
  Favorite,
  FavoriteCheck,
  FavoriteCreate,
  FavoriteRemoved,
  FavoritesMigrated,
  FavoriteTrackRef,
  MigrateFavorites,
} from "#schema/api.ts";
import { apiRequest } from "../api";

export const favoritesRootKey = ["/api/favorites"] as const;
/** The logged-in user's list: GET /api/favorites. */
export const userFavoritesQueryKey = ["/api/favorites"] as const;

/** An owner's list: GET /api/favorites/{id}. */
export function ownerFavoritesQueryKey(ownerId: string) {
  return ["/api/favorites", ownerId] as const;
}

export function favoriteCheckQueryKey(ownerId: string, trackTitle: string, trackArtist: string) {
  return ["/api/favorites", ownerId, "check", { trackTitle, trackArtist }] as const;
}

export function fetchFavoriteCheck(ownerId: string, trackTitle: string, trackArtist: string) {
  const query = new URLSearchParams({ trackTitle, trackArtist });
  return apiRequest<FavoriteCheck>("GET", `/api/favorites/${encodeURIComponent(ownerId)}/check?${query}`);
}

/** The owner's favorite of the track, new (201) or the one they had (200). */
export function addFavorite(body: FavoriteCreate) {
  return apiRequest<Favorite>("POST", "/api/favorites", body);
}

export function removeFavorite(ownerId: string, ref: FavoriteTrackRef) {
  return apiRequest<FavoriteRemoved>("DELETE", `/api/favorites/${encodeURIComponent(ownerId)}`, ref);
}

export function migrateFavorites(sessionId: string) {
  return apiRequest<FavoritesMigrated>("POST", "/api/auth/migrate-favorites", {
    sessionId,
  } satisfies MigrateFavorites);
}

/** Every favorites list and check is refreshed after a change. */
export function invalidateFavorites(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: favoritesRootKey });
}
