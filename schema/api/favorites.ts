// Favorites: adding, checking and removing a track for an owner, and the pending favorite kept
// while a listener logs in.
import { z } from "zod";
import { limits } from "../limits";
import { optionalArtwork, optionalText, ownerId, trimmed } from "./common";

export const favoriteCreate = z.object({
  sessionId: ownerId,
  trackTitle: trimmed(limits.trackField, "trackTitle is required"),
  trackArtist: trimmed(limits.trackField, "trackArtist is required"),
  trackAlbum: optionalText(limits.trackField),
  trackArtwork: optionalArtwork,
});
export type FavoriteCreate = z.input<typeof favoriteCreate>;

export const favoriteTrackRef = z.object({
  trackTitle: trimmed(limits.trackField, "trackTitle is required"),
  trackArtist: trimmed(limits.trackField, "trackArtist is required"),
});
export type FavoriteTrackRef = z.input<typeof favoriteTrackRef>;

export const favorite = z.object({
  id: z.string(),
  sessionId: z.string(),
  userId: z.string().nullable(),
  trackTitle: z.string(),
  trackArtist: z.string(),
  trackAlbum: z.string().nullable(),
  trackArtwork: z.string().nullable(),
  createdAt: z.string(),
});
export type Favorite = z.infer<typeof favorite>;

export const favoriteCheck = z.object({ isFavorited: z.boolean() });
export type FavoriteCheck = z.infer<typeof favoriteCheck>;

/** The answer of DELETE /api/favorites/{id}: whether the owner had the track. */
export const favoriteRemoved = z.object({ removed: z.boolean() });
export type FavoriteRemoved = z.infer<typeof favoriteRemoved>;

/** docs/product.md §5: a pending favorite must have trackTitle and trackArtist. */
export const pendingFavorite = z.object({
  trackTitle: z.string().trim().min(1),
  trackArtist: z.string().trim().min(1),
  trackAlbum: z.string().nullish(),
  trackArtwork: z.string().nullish(),
});
export type PendingFavorite = z.infer<typeof pendingFavorite>;
