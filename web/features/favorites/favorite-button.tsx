// The heart of a track (docs/product.md §4): filled when favorited; logged in it toggles, logged out it
// keeps a pending favorite and opens the login dialog.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { failureText } from "#web/lib/api.ts";
import {
  addFavorite,
  favoriteCheckQueryKey,
  fetchFavoriteCheck,
  invalidateFavorites,
  removeFavorite,
} from "#web/lib/queries/favorites.ts";
import { toast } from "#web/ui/toast.tsx";
import { loginDialogOpenAtom } from "../auth/state";
import { HeartIcon } from "../player/track-icons";
import { useFavoritesOwner } from "./owner";
import { savePendingFavorite } from "./pending";

export type TrackInfo = {
  title?: string | null;
  artist?: string | null;
  album?: string | null;
  artwork?: string | null;
};

export function FavoriteButton({ track, className }: { track: TrackInfo; className?: string }) {
  const { user, ownerId, userPending } = useFavoritesOwner();
  const queryClient = useQueryClient();
  const openLogin = useSetAtom(loginDialogOpenAtom);
  const title = track.title?.trim() ?? "";
  const artist = track.artist?.trim() ?? "";
  const checkKey = favoriteCheckQueryKey(ownerId ?? "", title, artist);

  const check = useQuery({
    queryKey: checkKey,
    queryFn: () => fetchFavoriteCheck(ownerId ?? "", title, artist),
    enabled: ownerId !== null && title !== "" && artist !== "",
  });
  const isFavorited = check.data?.isFavorited ?? false;

  const update = useMutation({
    mutationFn: async (): Promise<boolean> => {
      if (!title) throw new Error("No track playing");
      if (!user) throw new Error("Not logged in");
      if (isFavorited) {
        await removeFavorite(user.id, { trackTitle: title, trackArtist: artist });
        return false;
      }
      await addFavorite({
        sessionId: user.id,
        trackTitle: title,
        trackArtist: artist,
        trackAlbum: track.album || null,
        trackArtwork: track.artwork || null,
      });
      return true;
    },
    onSuccess: (added) => {
      queryClient.setQueryData(checkKey, { isFavorited: added });
      toast(
        added
          ? { title: "Added to favorites", description: `${title} has been added to your favorites` }
          : { title: "Removed from favorites", description: "Track has been removed from your favorites" },
      );
    },
    onError: (error) => {
      console.error("Failed to update favorites", error);
      toast({
        title: "Error",
        description: failureText(error, "Failed to update favorites"),
        variant: "destructive",
      });
    },
    onSettled: () => invalidateFavorites(queryClient),
  });

  const onClick = () => {
    if (user) {
      update.mutate();
      return;
    }
    savePendingFavorite({
      trackTitle: title,
      trackArtist: artist,
      trackAlbum: track.album ?? null,
      trackArtwork: track.artwork ?? null,
    });
    openLogin(true);
  };

  return (
    <button
      type="button"
      className={`player-icon-button favorite-button${className ? ` ${className}` : ""}`}
      aria-label={isFavorited ? "Remove from favorites" : "Add to favorites"}
      data-tooltip=""
      aria-pressed={isFavorited}
      data-favorited={isFavorited || undefined}
      disabled={!title || update.isPending || userPending}
      onClick={onClick}
    >
      <HeartIcon filled={isFavorited} />
    </button>
  );
}
