// The home page below the "Why listen" cards (docs/product.md §2): Now Playing and Coming Up,
// the apps, Recently Played, the office audio feature and the latest pages. Its styles are
// imported by home.tsx, so the prerendered page inlines them (web/ui/deferred.tsx).
import { useAtomValue } from "jotai";
import { Link } from "wouter";
import type { NowPlaying, Page } from "#schema/api.ts";
import { station } from "#schema/station.ts";
import { stationLinks } from "#schema/station-links.ts";
import { heardTrackAtom } from "../features/player/state";
import { officeAudioSlug } from "../lib/constants";
import { useClientConfig } from "../lib/queries/config";
import { cutText, htmlToText, usePublishedPages } from "../lib/queries/pages";
import { useNextTrack, useNowPlaying } from "../lib/queries/radio";
import { useTrackHistory } from "../lib/queries/track-history";
import { dedupeTracks } from "../lib/tracks";
import { ExternalIcon } from "../ui/content-icons";
import { useDataAfterFirstRender } from "../ui/deferred";
import { PlayedTrack } from "../ui/played-track";
import { TrackArtwork } from "../ui/track-artwork";
import { YouTubeLink } from "../ui/youtube-link";

const homeRecentTracks = 6;
const homeUpdateCards = 3;
const updateExcerptChars = 150;
const officeAudioExcerptChars = 200;
const topicTitleChars = 50;

const noNextTrackText = "The next track is a surprise: this station does not announce it.";

type TrackInfo = Pick<NowPlaying, "title" | "artist" | "album" | "artwork">;

/** Now Playing or Coming Up: the track with its artwork, or the card's empty text. */
function TrackCard({
  id,
  label,
  track,
  empty,
}: {
  id: string;
  label: string;
  track: TrackInfo | undefined;
  empty: string;
}) {
  return (
    <section className="card track-card" aria-labelledby={id}>
      <h2 id={id} className="card-label">
        {label}
      </h2>
      {track ? (
        <div className="track-row">
          <TrackArtwork src={track.artwork} size={96} label={track.album || track.title} eager />
          <div className="track-text">
            <p className="track-title">{track.title}</p>
            <p className="track-artist">{track.artist}</p>
            {track.album && <p className="track-album">{track.album}</p>}
          </div>
        </div>
      ) : (
        <p className="muted">{empty}</p>
      )}
    </section>
  );
}

function NowPlayingCard() {
  // The player bar fetched it already: the server's "Start listening" first (web/ui/deferred.tsx).
  const live = useDataAfterFirstRender(useNowPlaying().data);
  // Rewound (ADR 040): the track the listener hears, said to be not live.
  const heard = useAtomValue(heardTrackAtom);
  const track = heard ?? live;
  return (
    <TrackCard
      id="now-playing-title"
      label={heard ? "Now Playing · not live" : "Now Playing"}
      track={track?.title ? track : undefined}
      empty="Start listening to see what's playing"
    />
  );
}

function ComingUpCard() {
  // A live message may have brought it before this part hydrates: the server's text first.
  const next = useDataAfterFirstRender(useNextTrack().data);
  const config = useDataAfterFirstRender(useClientConfig().data);
  return (
    <TrackCard
      id="coming-up-title"
      label="Coming Up"
      track={next ?? undefined}
      // No source names the next track: say so rather than load forever.
      empty={config?.announcesNextTrack === false ? noNextTrackText : "Loading upcoming track..."}
    />
  );
}

function AppLinks() {
  return (
    <section className="card app-links" aria-labelledby="apps-title">
      <h2 id="apps-title">Listen everywhere</h2>
      <p className="muted">Take {station.name} with you on your phone.</p>
      <div className="app-link-row">
        <a
          className="button button-ghost"
          href={stationLinks.appStoreUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          App Store
        </a>
        <a
          className="button button-ghost"
          href={stationLinks.googlePlayUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Google Play
        </a>
        <Link href="/install" className="text-link">
          Or install the web app
        </Link>
      </div>
    </section>
  );
}

function RecentlyPlayed() {
  // Likewise for the history (web/ui/deferred.tsx).
  const history = useDataAfterFirstRender(useTrackHistory().data);
  const tracks = dedupeTracks(history ?? [], homeRecentTracks);
  return (
    <section className="section" aria-labelledby="recent-title">
      <div className="section-head">
        <h2 id="recent-title">Recently Played</h2>
        <Link href="/history" className="text-link">
          See all Track History
        </Link>
      </div>
      {history === undefined ? (
        <p className="muted">Loading recent tracks...</p>
      ) : tracks.length === 0 ? (
        <p className="muted">No tracks played yet.</p>
      ) : (
        <ul className="track-grid">
          {tracks.map((track) => (
            <li key={track.id} className="card track-tile">
              <PlayedTrack track={track} />
              <YouTubeLink track={track} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OfficeAudio({ page }: { page: Page }) {
  return (
    <section className="card feature-office" aria-labelledby="office-title">
      <h2 id="office-title">{page.title}</h2>
      <p>{cutText(htmlToText(page.content), officeAudioExcerptChars)}</p>
      <div className="app-link-row">
        <a className="button" href={stationLinks.officeAudioUrl} target="_blank" rel="noopener noreferrer">
          Open the office player <ExternalIcon />
        </a>
        <Link href={`/page/${officeAudioSlug}`} className="button button-ghost">
          Learn More<span className="sr-only"> about {page.title}</span>
        </Link>
      </div>
    </section>
  );
}

function RecentUpdates({ pages }: { pages: Page[] }) {
  if (pages.length === 0) return null;
  const cards = pages.slice(0, homeUpdateCards);
  const topics = pages.slice(homeUpdateCards);
  return (
    <section className="section" aria-labelledby="updates-title">
      <h2 id="updates-title">Recent Updates</h2>
      <ul className="update-grid">
        {cards.map((page) => (
          <li key={page.id} className="card update-card">
            <h3>{page.title}</h3>
            <p>{cutText(htmlToText(page.content), updateExcerptChars)}</p>
            <Link href={`/page/${page.slug}`} className="text-link">
              Read More<span className="sr-only">: {page.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      {topics.length > 0 && (
        <nav aria-labelledby="topics-title" className="more-topics">
          <h3 id="topics-title">More Topics</h3>
          <ol>
            {topics.map((page) => (
              <li key={page.id}>
                <Link href={`/page/${page.slug}`}>{cutText(page.title, topicTitleChars)}</Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </section>
  );
}

/** The home page below the "Why listen" cards; hydrated once it nears the viewport (web/ui/deferred.tsx). */
export function HomeSections() {
  // The hero fetched them already: the server's HTML first (web/ui/deferred.tsx).
  const pages = useDataAfterFirstRender(usePublishedPages().data);
  const officeAudio = pages?.find((page) => page.slug === officeAudioSlug);
  return (
    <>
      <div className="track-cards">
        <NowPlayingCard />
        <ComingUpCard />
      </div>
      <AppLinks />
      <RecentlyPlayed />
      {officeAudio && <OfficeAudio page={officeAudio} />}
      <RecentUpdates pages={pages ?? []} />
    </>
  );
}
