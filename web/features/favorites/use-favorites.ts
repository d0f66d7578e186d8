// The saved-tracks list for the /favorites screen and its remove action (refreshes every list).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Favorite } from "#schema/api.ts";
import {
  invalidateFavorites,
  ownerFavoritesQueryKey,
  removeFavorite,
  userFavoritesQueryKey,
} from "#web/lib/queries/favorites.ts";
import { type FavoritesOwner, useFavoritesOwner } from "./owner";

/** Logged in: GET /api/favorites; otherwise GET /api/favorites/{anonymous id}. */
export function favoritesQuery({ user, ownerId }: FavoritesOwner) {
  return {
    queryKey: user ? userFavoritesQueryKey : ownerFavoritesQueryKey(ownerId ?? ""),
    enabled: user !== undefined || ownerId !== null,
  };
}

export function useFavorites() {
  return useQuery<Favorite[]>(favoritesQuery(useFavoritesOwner()));
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

export function useRemoveFavorite() {
  const { ownerId } = useFavoritesOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: { trackTitle: string; trackArtist: string }) => {
      if (!ownerId) throw new Error("No favorites owner yet");
      return removeFavorite(ownerId, ref);
    },
    // The screen shows its own toasts (docs/product.md §8) through mutate's callbacks.
    onError: (error) => console.error("Failed to remove favorite", error),
    onSettled: () => invalidateFavorites(queryClient),
  });
}
