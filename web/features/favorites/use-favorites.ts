// The saved-tracks list for the /favorites screen and its remove action (refreshes every list).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Favorite } from "#schema/api.ts";
import { favoritesListQuery, invalidateFavorites, removeFavorite } from "#web/lib/queries/favorites.ts";
import { useFavoritesOwner } from "./owner";

const none: Favorite[] = [];

/** The saved tracks: undefined while loading; none, without a call, for a browser with no owner id. */
export function useFavorites(): { data: Favorite[] | undefined; isError: boolean } {
  const { user, ownerId, hasNone } = useFavoritesOwner();
  const { data, isError } = useQuery<Favorite[]>(favoritesListQuery(user, ownerId));
  return hasNone ? { data: none, isError: false } : { data, isError };
}

/**
 * The screen's own toasts (docs/product.md §8) come as the hook's options, not mutate's: the list
 * read again after the removal unmounts the row, and mutate's callbacks never fire for a row
 * that unmounted first (seen under load: the toast never came).
 */
export function useRemoveFavorite(outcome: { onSuccess: () => void; onError: (error: Error) => void }) {
  const { ownerId } = useFavoritesOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: { trackTitle: string; trackArtist: string }) => {
      if (!ownerId) throw new Error("No favorites owner yet");
      return removeFavorite(ownerId, ref);
    },
    onSuccess: () => outcome.onSuccess(),
    onError: (error) => {
      console.error("Failed to remove favorite", error);
      outcome.onError(error);
    },
    onSettled: () => invalidateFavorites(queryClient),
  });
}
