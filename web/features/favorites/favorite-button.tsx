// The heart of a track (docs/product.md §4): filled when favorited; logged in it toggles, logged out it
// keeps a pending favorite and opens the login dialog.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useMemo, useState } from "react";
import type { Favorite } from "#schema/api.ts";
import { failureText } from "#web/lib/api-errors.ts";
import {
  addFavorite,
  favoriteCheckQueryKey,
  fetchFavoriteCheck,
  includesTrack,
  invalidateFavorites,
  removeFavorite,
} from "#web/lib/queries/favorites.ts";
import { toast } from "#web/ui/toast.tsx";
import { HeartIcon } from "#web/ui/track-icons.tsx";
import { loginDialogOpenAtom } from "../auth/state";
import { type FavoritesOwner, useFavoritesOwner } from "./owner";
import { savePendingFavorite } from "./pending";
import { useOwnerFavorites } from "./use-favorites";

export type TrackInfo = {
  title?: string | null;
  artist?: string | null;
  album?: string | null;
  artwork?: string | null;
};

const trackNames = (track: TrackInfo) => ({
  title: track.title?.trim() ?? "",
  artist: track.artist?.trim() ?? "",
});

/** The player's track: the heart asks the check call, as the product describes. */
export function FavoriteButton({ track, className }: { track: TrackInfo; className?: string }) {
  const owner = useFavoritesOwner();
  const { ownerId } = owner;
  const { title, artist } = trackNames(track);
  const checkKey = favoriteCheckQueryKey(ownerId ?? "", title, artist);
  const check = useQuery({
    queryKey: checkKey,
    queryFn: () => fetchFavoriteCheck(ownerId ?? "", title, artist),
    enabled: ownerId !== null && title !== "" && artist !== "",
  });
  return (
    <Heart
      track={track}
      className={className}
      owner={owner}
      favorited={check.data?.isFavorited ?? false}
      checkKey={checkKey}
    />
  );
}

export type ListFavorites = { owner: FavoritesOwner; saved: Favorite[] | undefined };

/**
 * For a list of tracks (the history, a search's results): who owns favorites here and what
 * they saved, read once for the list and given to each row's ListFavoriteButton. A heart per
 * row that asked for itself made a hundred check calls, and a hundred renders, as the history
 * page started.
 */
export function useListFavorites(): ListFavorites {
  const { owner, data: saved } = useOwnerFavorites();
  const { user, ownerId, hasNone, userPending } = owner;
  // The same object while nothing changed, so that a memoized list does not render again.
  return useMemo(
    () => ({ owner: { user, ownerId, hasNone, userPending }, saved }),
    [user, ownerId, hasNone, userPending, saved],
  );
}

export function ListFavoriteButton({ track, list }: { track: TrackInfo; list: ListFavorites }) {
  const { title, artist } = trackNames(track);
  const favorited = list.saved !== undefined && includesTrack(list.saved, title, artist);
  return <Heart track={track} owner={list.owner} favorited={favorited} />;
}

/**
 * A press's own track: its answer (the filled heart, the check's answer, the toast's title) is
 * that track's, whatever the heart shows by then.
 */
type Pressed = {
  key: string;
  add: boolean;
  title: string;
  artist: string;
  album: string | null;
  artwork: string | null;
  checkKey: ReturnType<typeof favoriteCheckQueryKey> | undefined;
};

/** The button: logged in it adds or removes the track, logged out it keeps a pending favorite. */
function Heart({
  track,
  className,
  owner: { user, ownerId, userPending },
  favorited,
  checkKey,
}: {
  track: TrackInfo;
  className?: string | undefined;
  owner: FavoritesOwner;
  favorited: boolean;
  /** The check call's answer to set once the change is made; a list's rows read the list again. */
  checkKey?: ReturnType<typeof favoriteCheckQueryKey>;
}) {
  const queryClient = useQueryClient();
  const openLogin = useSetAtom(loginDialogOpenAtom);
  const { title, artist } = trackNames(track);
  // Whose heart and which track: a change is shown for neither another track nor another owner.
  const trackKey = `${ownerId}\n${title}\n${artist}`;
  // What the last change made the track, shown until `favorited` says the same: a list's rows
  // get the list read again in a transition, after this button is enabled again, or keep the
  // old list when that read fails. Only for the track pressed: the player bar's heart stays as
  // the station moves on, and the next track is not the one changed.
  const [changed, setChanged] = useState<{ key: string; to: boolean } | null>(null);
  if (changed !== null && (changed.key !== trackKey || changed.to === favorited)) setChanged(null);
  const isFavorited = changed?.key === trackKey ? changed.to : favorited;

  const update = useMutation({
    mutationFn: async (pressed: Pressed): Promise<boolean> => {
      if (!pressed.title) throw new Error("No track playing");
      if (!user) throw new Error("Not logged in");
      if (!pressed.add) {
        await removeFavorite(user.id, { trackTitle: pressed.title, trackArtist: pressed.artist });
        return false;
      }
      await addFavorite({
        sessionId: user.id,
        trackTitle: pressed.title,
        trackArtist: pressed.artist,
        trackAlbum: pressed.album,
        trackArtwork: pressed.artwork,
      });
      return true;
    },
    onSuccess: (added, pressed) => {
      setChanged({ key: pressed.key, to: added });
      if (pressed.checkKey) queryClient.setQueryData(pressed.checkKey, { isFavorited: added });
      toast(
        added
          ? { title: "Added to favorites", description: `${pressed.title} has been added to your favorites` }
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
      update.mutate({
        key: trackKey,
        add: !isFavorited,
        title,
        artist,
        album: track.album || null,
        artwork: track.artwork || null,
        checkKey,
      });
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
