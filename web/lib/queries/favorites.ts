// Favorites calls and query keys (built from the API path). The owner is the user id when logged in,
// else the anonymous session id (docs/product.md §4).
import type { QueryClient } from "@tanstack/react-query";
import type {
  CurrentUser,
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

/** The owner's list: logged in GET /api/favorites, otherwise GET /api/favorites/{anonymous id}. */
export function favoritesListQuery(user: CurrentUser | undefined, ownerId: string | null) {
  return {
    queryKey: user ? userFavoritesQueryKey : ownerFavoritesQueryKey(ownerId ?? ""),
    enabled: user !== undefined || ownerId !== null,
  };
}

// SQLite's lower(), which the server matches a track with (favorites_owner_track_uq), folds
// ASCII letters only: "Émile" and "émile" are two tracks to it, so they are here too.
const sqliteLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
const serverMatchKey = (title: string, artist: string) => `${sqliteLower(title)}\u0000${sqliteLower(artist)}`;
const savedKeys = new WeakMap<Favorite[], Set<string>>();

/** Whether `favorites` holds the track, as the server's check call would answer. */
export function includesTrack(favorites: Favorite[], title: string, artist: string): boolean {
  let keys = savedKeys.get(favorites);
  if (!keys) {
    keys = new Set(favorites.map((favorite) => serverMatchKey(favorite.trackTitle, favorite.trackArtist)));
    savedKeys.set(favorites, keys);
  }
  return keys.has(serverMatchKey(title, artist));
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
