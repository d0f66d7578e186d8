import { Fragment } from "react";
import { Link } from "wouter";
import type { Favorite } from "#schema/api.ts";
import { station } from "#schema/station.ts";
import {
  exportFileName,
  favoritesCsv,
  favoritesJson,
  useFavorites,
  useRemoveFavorite,
} from "../features/favorites";
import { failureText } from "../lib/api-errors";
import { downloadText } from "../lib/download";
import { musicServiceLinks } from "../lib/tracks";
import { TrashIcon } from "../ui/content-icons";
import { usePageMeta } from "../ui/page-meta";
import { toast } from "../ui/toast";
import { TrackArtwork } from "../ui/track-artwork";
import { YouTubeLink } from "../ui/youtube-link";
import "../ui/track.css";
import "./favorites.css";

function FavoriteRow({ favorite }: { favorite: Favorite }) {
  const remove = useRemoveFavorite({
    onSuccess: () =>
      toast({ title: "Removed from favorites", description: "Track has been removed from your favorites" }),
    onError: (error) =>
      toast({
        title: "Error",
        description: failureText(error, "Failed to remove track from favorites"),
        variant: "destructive",
      }),
  });
  const track = { title: favorite.trackTitle, artist: favorite.trackArtist };
  return (
    <li className="card track-list-item">
      <TrackArtwork
        src={favorite.trackArtwork}
        size={56}
        label={favorite.trackAlbum || favorite.trackTitle}
      />
      <div className="track-text">
        <p className="track-title">{favorite.trackTitle}</p>
        <p className="track-artist">{favorite.trackArtist}</p>
        {favorite.trackAlbum && <p className="track-album">{favorite.trackAlbum}</p>}
        <p className="open-in">
          Open in{" "}
          {musicServiceLinks(track).map(({ service, url }, i) => (
            <Fragment key={service}>
              {i > 0 && " · "}
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open ${favorite.trackTitle} by ${favorite.trackArtist} in ${service}`}
              >
                {service}
              </a>
            </Fragment>
          ))}
        </p>
      </div>
      <div className="track-actions">
        <YouTubeLink track={track} />
        <button
          type="button"
          className="icon-button"
          aria-label={`Remove ${favorite.trackTitle} by ${favorite.trackArtist} from favorites`}
          title="Remove from favorites"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate({ trackTitle: favorite.trackTitle, trackArtist: favorite.trackArtist })
          }
        >
          <TrashIcon />
        </button>
      </div>
    </li>
  );
}

/** The list, yours to take: a CSV for spreadsheets and JSON for programs. */
const exportFormats = [
  { label: "CSV", extension: "csv", type: "text/csv;charset=utf-8", write: favoritesCsv },
  { label: "JSON", extension: "json", type: "application/json", write: favoritesJson },
] as const;

function ExportButtons({ favorites }: { favorites: Favorite[] }) {
  return (
    <div className="favorites-export">
      {exportFormats.map(({ label, extension, type, write }) => (
        <button
          key={label}
          type="button"
          className="button button-small"
          onClick={() => downloadText(exportFileName(station.name, extension), type, write(favorites))}
        >
          Download {label}
        </button>
      ))}
    </div>
  );
}

export function FavoritesScreen() {
  usePageMeta("Favorites", `The tracks you saved on ${station.name}.`);
  const { data: favorites, isError } = useFavorites();
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Your Favorites</h1>
        <p className="lead">Tracks you saved with the heart in the player or the track history.</p>
      </header>
      {isError ? (
        <p className="muted">Your favorites could not be loaded. Please try again later.</p>
      ) : favorites === undefined ? (
        <p className="muted">Loading favorites...</p>
      ) : favorites.length === 0 ? (
        <div className="card empty-state">
          <p>No favorites yet.</p>
          <p className="muted">
            Tap the heart while a track plays, or pick one from the <Link href="/history">track history</Link>
            .
          </p>
        </div>
      ) : (
        <>
          <ExportButtons favorites={favorites} />
          <ul className="track-list">
            {favorites.map((favorite) => (
              <FavoriteRow key={favorite.id} favorite={favorite} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
