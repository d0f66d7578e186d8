export { exportFileName, favoritesCsv, favoritesJson } from "./export";
export {
  FavoriteButton,
  ListFavoriteButton,
  type ListFavorites,
  type TrackInfo,
  useListFavorites,
} from "./favorite-button";
export { useFavoritesOwner } from "./owner";
export { clearPendingFavorite, readPendingFavorite, savePendingFavorite } from "./pending";
export { FavoritesSync } from "./sync-after-login";
export { useFavorites, useRemoveFavorite } from "./use-favorites";
