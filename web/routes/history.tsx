import { useEffect, useRef } from "react";
import { station } from "#schema/station.ts";
import { FavoriteButton } from "../features/favorites";
import { useClientConfig } from "../lib/queries/config";
import { useTrackHistory } from "../lib/queries/history";
import { dedupeTracks } from "../lib/tracks";
import { useHydrated } from "../ui/deferred";
import { usePageMeta } from "../ui/page-meta";
import { PlayedTrack } from "../ui/played-track";
import { YouTubeLink } from "../ui/youtube-link";
import "../ui/track.css";
import "./history.css";

/** The third-party played-tracks widget: its script loads only here, async, and only when configured. */
function PlayedTracksWidget() {
  const { data: config } = useClientConfig();
  const container = useRef<HTMLDivElement>(null);
  // The player may have loaded the configuration before this screen hydrates.
  const url = useHydrated() ? config?.historyWidgetUrl : undefined;
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
  if (!url) return null;
  return (
    <section className="card" aria-labelledby="widget-title">
      <h2 id="widget-title">Search the played tracks</h2>
      <div ref={container} className="history-widget" />
    </section>
  );
}

export function HistoryScreen() {
  usePageMeta("Track History", `The tracks ${station.name} played recently.`);
  const { data: history, isError } = useTrackHistory();
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
        <p className="muted">Loading track history...</p>
      ) : (
        <>
          <p className="count-line">Showing {tracks.length} unique track(s)</p>
          <ul className="track-list">
            {tracks.map((track) => (
              <li key={track.id} className="card track-list-item">
                <PlayedTrack track={track} />
                <div className="track-actions">
                  <FavoriteButton
                    track={{
                      title: track.title,
                      artist: track.artist,
                      album: track.album,
                      artwork: track.artwork,
                    }}
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
