// The saved-tracks list for the /favorites screen and its remove action (refreshes every list).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Favorite } from "#schema/api.ts";
import { favoritesListQuery, invalidateFavorites, removeFavorite } from "#web/lib/queries/favorites.ts";
import { useFavoritesOwner } from "./owner";

export function useFavorites() {
  const { user, ownerId } = useFavoritesOwner();
  return useQuery<Favorite[]>(favoritesListQuery(user, ownerId));
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
