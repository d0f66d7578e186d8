// The saved-tracks list for the /favorites screen and its remove action (refreshes every list).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Favorite } from "#schema/api.ts";
import { favoritesListQuery, invalidateFavorites, removeFavorite } from "#web/lib/queries/favorites.ts";
import { type FavoritesOwner, useFavoritesOwner } from "./owner";

const none: Favorite[] = [];

/**
 * Who owns favorites here and what they saved: undefined while loading; none, without a call,
 * for a browser with no owner id (ADR 048).
 */
export function useOwnerFavorites(): {
  owner: FavoritesOwner;
  data: Favorite[] | undefined;
  isError: boolean;
} {
  const owner = useFavoritesOwner();
  const { data, isError } = useQuery<Favorite[]>(favoritesListQuery(owner.user, owner.ownerId));
  return owner.hasNone ? { owner, data: none, isError: false } : { owner, data, isError };
}

/** The saved tracks for the /favorites screen. */
export function useFavorites(): { data: Favorite[] | undefined; isError: boolean } {
  const { data, isError } = useOwnerFavorites();
  return { data, isError };
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
