// Listening statistics from GET /api/stats; a lazy chunk of its own.
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import type { ListeningSummary } from "#schema/api.ts";
import { station } from "#schema/station.ts";
import { useFavoritesOwner } from "../features/favorites";
import { analyticsRecentCount, analyticsTopCount } from "../lib/constants";
import { listeningSummaryKey } from "../lib/queries/listening";
import { useListeningStats } from "../lib/queries/stats";
import { listenedTime, relativeTime } from "../lib/time";
import { playCount } from "../lib/tracks";
import { useHydrated } from "../ui/deferred";
import { usePageMeta } from "../ui/page-meta";
import { TrackArtwork } from "../ui/track-artwork";
import { WhenSeen } from "../ui/when-seen";
import "../ui/track.css";
import "./analytics.css";

function Stat({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <div className="card stat">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
      {detail && <p className="muted stat-detail">{detail}</p>}
    </div>
  );
}

const neverPlayed: ListeningSummary = { weekSeconds: 0, totalSeconds: 0, sessions: 0, topArtists: [] };

/** The listener's own listening (docs/product.md §10): only theirs, from this browser or their account. */
function YourListening() {
  const { ownerId, hasNone, user } = useFavoritesOwner();
  // Known only in the browser: the section comes after hydration, below everything else.
  const hydrated = useHydrated();
  const owner = hydrated ? ownerId : null;
  const { data: summary, isError } = useQuery({
    queryKey: listeningSummaryKey(owner ?? ""),
    enabled: owner !== null,
    staleTime: 60_000,
  });
  // A browser that never played has no id yet, and nothing to ask for.
  const listened = hasNone ? neverPlayed : (summary as ListeningSummary | undefined);
  if (!owner && !(hydrated && hasNone)) return null;
  return (
    <section className="card stack" aria-labelledby="your-listening-title">
      <h2 id="your-listening-title">Your listening</h2>
      {isError ? (
        <p className="muted">Your listening could not be loaded. Please try again later.</p>
      ) : listened === undefined ? (
        <p className="muted">Loading your listening...</p>
      ) : listened.sessions === 0 ? (
        <p className="muted">Press play, and the time you listen shows here.</p>
      ) : (
        <>
          <div className="stat-grid">
            <Stat label="Last 7 days" value={listenedTime(listened.weekSeconds)} />
            <Stat label="In total" value={listenedTime(listened.totalSeconds)} />
          </div>
          {listened.topArtists.length > 0 && (
            <div>
              <h3>Artists you heard most</h3>
              <ol className="ranked-list">
                {listened.topArtists.map((artist) => (
                  <li key={artist.artist}>
                    <span className="track-title">{artist.artist}</span>
                    <span className="muted"> · {playCount(artist.plays)}</span>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </>
      )}
      <p className="muted stat-detail">
        {user ? "Kept with your account" : "Kept for this browser"}; only you see it.
      </p>
    </section>
  );
}

export function AnalyticsScreen() {
  usePageMeta("Listening Statistics", `What ${station.name} plays most: top artists and tracks.`);
  const { data, isError } = useListeningStats();
  // The answer renders in a transition, in slices the browser can answer input between: as the
  // query gives it, it would render at once, in one long task of the page's start (ADR 045).
  const stats = useDeferredValue(data);
  if (isError) {
    return (
      <div className="stack">
        <h1>Listening Statistics</h1>
        <p className="muted">The statistics could not be loaded. Please try again later.</p>
      </div>
    );
  }
  const topArtists = stats?.topArtists.slice(0, analyticsTopCount) ?? [];
  const topTracks = stats?.topTracks.slice(0, analyticsTopCount) ?? [];
  const recent = stats?.recent.slice(0, analyticsRecentCount) ?? [];
  const maxPlays = Math.max(1, ...topArtists.map((a) => a.plays));
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Listening Statistics</h1>
        <p className="lead">Computed from the track history.</p>
      </header>
      {stats === undefined ? (
        <p className="muted">Loading statistics...</p>
      ) : (
        <>
          <div className="stat-grid">
            <Stat label="Total plays" value={stats.totalPlays} />
            <Stat label="Unique tracks" value={stats.uniqueTracks} />
            <Stat label="Unique artists" value={stats.uniqueArtists} />
            <Stat
              label="Top artist"
              value={stats.topArtist?.artist ?? "None yet"}
              detail={stats.topArtist ? playCount(stats.topArtist.plays) : undefined}
            />
            <Stat
              label="Top track"
              value={stats.topTrack?.title ?? "None yet"}
              detail={
                stats.topTrack ? `${stats.topTrack.artist} · ${playCount(stats.topTrack.plays)}` : undefined
              }
            />
          </div>
          <div className="two-columns">
            <section className="card" aria-labelledby="top-artists-title">
              <h2 id="top-artists-title">Top {analyticsTopCount} Artists</h2>
              <ol className="bar-list">
                {topArtists.map((artist) => (
                  <li key={artist.artist}>
                    <div className="bar-text">
                      <span>{artist.artist}</span>
                      <span className="muted">{playCount(artist.plays)}</span>
                    </div>
                    <div className="bar-track" aria-hidden="true">
                      <div className="bar" style={{ width: `${(artist.plays / maxPlays) * 100}%` }} />
                    </div>
                  </li>
                ))}
              </ol>
            </section>
            <section className="card" aria-labelledby="top-tracks-title">
              <h2 id="top-tracks-title">Top {analyticsTopCount} Tracks</h2>
              {/* Below the fold on a phone: the list renders as it nears the screen (ADR 051). */}
              <WhenSeen height={`${topTracks.length * 2.4}rem`}>
                <ol className="ranked-list">
                  {topTracks.map((track) => (
                    <li key={`${track.title}\u0000${track.artist}`}>
                      <span className="track-title">{track.title}</span>
                      <span className="muted">
                        {" "}
                        {track.artist} · {playCount(track.plays)}
                      </span>
                    </li>
                  ))}
                </ol>
              </WhenSeen>
            </section>
          </div>
          <section className="card" aria-labelledby="recent-plays-title">
            <h2 id="recent-plays-title">Recently Played</h2>
            <WhenSeen height={`${recent.length * 3.35}rem`}>
              <ul className="plain-list">
                {recent.map((track) => (
                  <li key={`${track.title}\u0000${track.artist}`} className="recent-play">
                    <TrackArtwork src={track.artwork} size={40} label={track.title} />
                    <span>
                      <span className="track-title">{track.title}</span>
                      <span className="muted">
                        {" "}
                        {track.artist} · {playCount(track.plays)} · {relativeTime(track.playedAt)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </WhenSeen>
          </section>
          {/* Last: it arrives after the statistics and must not push them down. */}
          <WhenSeen height="12rem">
            <YourListening />
          </WhenSeen>
        </>
      )}
    </div>
  );
}
