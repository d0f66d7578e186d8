import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useId, useRef, useState } from "react";
import { historySearch } from "#schema/listener-rules.ts";
import { station } from "#schema/station.ts";
import { ListFavoriteButton, useListFavorites } from "../features/favorites";
import { useClientConfig } from "../lib/queries/config";
import { historySearchQuery, useTrackHistory } from "../lib/queries/history";
import { relativeTime } from "../lib/time";
import { dedupeTracks, playCount } from "../lib/tracks";
import { useHydrated } from "../ui/deferred";
import { usePageMeta } from "../ui/page-meta";
import { PlayedTrack } from "../ui/played-track";
import { TrackArtwork } from "../ui/track-artwork";
import { YouTubeLink } from "../ui/youtube-link";
import "../ui/track.css";
import "./history.css";

/** The third-party played-tracks widget: its script loads only here, async, and only when configured. */
function PlayedTracksWidget() {
  // The player may have loaded the configuration before this screen hydrates.
  const { data } = useClientConfig();
  const config = useHydrated() ? data : undefined;
  const container = useRef<HTMLDivElement>(null);
  const url = config?.historyWidgetUrl;
  useEffect(() => {
    const host = container.current;
    if (!url || !host) return;
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    host.appendChild(script);
    return () => {
      host.replaceChildren();
    };
  }, [url]);
  if (!url) return config ? <HistorySearch /> : null;
  return (
    <section className="card" aria-labelledby="widget-title">
      <h2 id="widget-title">Search the played tracks</h2>
      <div ref={container} className="history-widget" />
    </section>
  );
}

/** What the listener typed, once they pause typing for a moment. */
function useSettled(value: string, delayMs = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Without a third-party widget, the station's own history is searched (docs/product.md §2). */
function HistorySearch() {
  const inputId = useId();
  const [text, setText] = useState("");
  const query = useSettled(text.trim().slice(0, historySearch.maxChars));
  const searching = query.length >= historySearch.minChars;
  const favorites = useListFavorites();
  const {
    data: found,
    isError,
    isFetching,
  } = useQuery({
    ...historySearchQuery(query),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const status = !searching
    ? `Type at least ${historySearch.minChars} characters of a title or an artist.`
    : isError
      ? "The search failed. Please try again."
      : found === undefined
        ? "Searching..."
        : found.length === 0
          ? `No played track matches “${query}”.`
          : `${found.length === historySearch.results ? "The newest " : ""}${found.length} track(s) found${isFetching ? ", searching..." : "."}`;
  return (
    <section className="card stack" aria-labelledby="widget-title">
      <h2 id="widget-title">Search the played tracks</h2>
      <search className="history-search">
        <label htmlFor={inputId}>Title or artist</label>
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={historySearch.maxChars}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
      </search>
      <p className="count-line" role="status">
        {status}
      </p>
      {searching && found && found.length > 0 && (
        <ul className="track-list" aria-label={`Played tracks matching ${query}`}>
          {found.map((track) => (
            <li key={`${track.title}\u0000${track.artist}`} className="card track-list-item">
              <TrackArtwork src={track.artwork} size={56} label={track.title} />
              <div className="track-text">
                <p className="track-title">{track.title}</p>
                <p className="track-artist">{track.artist}</p>
                <p className="track-time">
                  {playCount(track.plays)} · last {relativeTime(track.playedAt)}
                </p>
              </div>
              <div className="track-actions">
                <ListFavoriteButton
                  track={{ title: track.title, artist: track.artist, album: null, artwork: track.artwork }}
                  list={favorites}
                />
                <YouTubeLink track={track} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HistoryScreen() {
  usePageMeta("Track History", `The tracks ${station.name} played recently.`);
  const { data, isError } = useTrackHistory();
  // The list renders in a transition, in slices between which the browser paints and answers
  // input, not in one task when the answer arrives: a query's update is rendered all at once.
  const history = useDeferredValue(data);
  const favorites = useListFavorites();
  const tracks = dedupeTracks(history ?? []);
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Track History</h1>
        <p className="lead">What we played lately. Tap the heart to keep a track.</p>
      </header>
      {isError ? (
        <p className="muted">The track history could not be loaded. Please try again later.</p>
      ) : history === undefined ? (
        <p className="muted history-loading">Loading track history...</p>
      ) : (
        <>
          <p className="count-line">Showing {tracks.length} unique track(s)</p>
          <ul className="track-list">
            {tracks.map((track) => (
              <li key={track.id} className="card track-list-item">
                <PlayedTrack track={track} />
                <div className="track-actions">
                  <ListFavoriteButton
                    track={{
                      title: track.title,
                      artist: track.artist,
                      album: track.album,
                      artwork: track.artwork,
                    }}
                    list={favorites}
                  />
                  <YouTubeLink track={track} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <PlayedTracksWidget />
    </div>
  );
}
