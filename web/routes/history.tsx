import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  memo,
  type RefObject,
  startTransition,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { TrackHistoryItem } from "#schema/api.ts";
import { historySearch } from "#schema/listener-rules.ts";
import { station } from "#schema/station.ts";
import { ListFavoriteButton, type ListFavorites, useListFavorites } from "../features/favorites";
import { type HistoryPlay, PlayFromHistory, useHistoryPlay } from "../features/player/play-from-history";
import { useClientConfig } from "../lib/queries/config";
import { historySearchQuery, useTrackHistory } from "../lib/queries/track-history";
import { relativeTime } from "../lib/time";
import { dedupeTracks, playCount } from "../lib/tracks";
import { useHydrated } from "../ui/deferred";
import { KeepReaderPlace } from "../ui/keep-reader-place";
import { usePageMeta } from "../ui/page-meta";
import { PlayedTrack } from "../ui/played-track";
import { TrackArtwork } from "../ui/track-artwork";
import { YouTubeLink } from "../ui/youtube-link";
import "../ui/track.css";
import "./history.css";
import { widgetFramePath, widgetHeightMessage, widgetSandbox } from "#schema/widgets.ts";

/** The frame's height until the widget says its own, and the most it may ask for. */
const widgetHeight = { initial: 480, min: 120, max: 4000 };

/**
 * The third-party played-tracks widget, only when configured: in a sandboxed frame of the site's
 * own, so its script never runs in the site's pages (ADR 032). The frame tells its height.
 */
function PlayedTracksWidget() {
  // The player may have loaded the configuration before this screen hydrates.
  const { data } = useClientConfig();
  const config = useHydrated() ? data : undefined;
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(widgetHeight.initial);
  const url = config?.historyWidgetUrl;
  useEffect(() => {
    if (!url) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type !== widgetHeightMessage || typeof data.height !== "number") return;
      if (!Number.isFinite(data.height)) return;
      setHeight(Math.min(widgetHeight.max, Math.max(widgetHeight.min, Math.ceil(data.height))));
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [url]);
  if (!url) return config ? <HistorySearch /> : null;
  return (
    <section className="card" aria-labelledby="widget-title">
      <h2 id="widget-title">Search the played tracks</h2>
      <iframe
        ref={frame}
        className="history-widget"
        src={widgetFramePath}
        sandbox={widgetSandbox}
        title="Played tracks search"
        loading="lazy"
        style={{ height }}
      />
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
                <ListFavoriteButton track={track} list={favorites} />
                <YouTubeLink track={track} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Rows the list shows in its first commit (a phone's screen and more), then how many each step adds. */
const firstRows = 8;
const rowsPerStep = 12;

/**
 * How many of `total` rows to show: a screenful at once, then a step more each time the end of
 * the list comes within a screen of the viewport (`end`, the element after the list), each step
 * a transition. Rows nobody scrolled to are never rendered: a hundred rows rendered and
 * committed as the page started were most of /history's start-up work on a slow phone (ADR 045).
 * Without IntersectionObserver the steps follow each other, a task apart.
 */
function useRowsShown(total: number, end: RefObject<HTMLElement | null>): number {
  const [shown, setShown] = useState(firstRows);
  useEffect(() => {
    if (shown >= total) return;
    const more = () => startTransition(() => setShown((rows) => rows + rowsPerStep));
    const element = end.current;
    if (typeof IntersectionObserver === "undefined" || !element) {
      const timer = setTimeout(more);
      return () => clearTimeout(timer);
    }
    // A new observer per step: its first report says whether the end is still near.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        more();
      },
      { rootMargin: "0px 0px 100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, total, end]);
  return Math.min(shown, total);
}

/**
 * The rows: rendered in transitions (the screen gives deferred values, useRowsShown adds them
 * in steps), between which the browser paints and answers input, and only when what they show
 * has changed (memo). A query's answer is otherwise rendered at once, in one long task.
 */
const HistoryRows = memo(function HistoryRows({
  tracks,
  favorites,
  play,
}: {
  tracks: TrackHistoryItem[];
  favorites: ListFavorites;
  play: HistoryPlay | null;
}) {
  const end = useRef<HTMLDivElement>(null);
  const shown = useRowsShown(tracks.length, end);
  return (
    <KeepReaderPlace first={tracks[0]?.id}>
      <ul className="track-list">
        {tracks.slice(0, shown).map((track) => (
          <li key={track.id} className="card track-list-item">
            <PlayedTrack track={track} />
            <div className="track-actions">
              <PlayFromHistory track={track} play={play} />
              <ListFavoriteButton track={track} list={favorites} />
              <YouTubeLink track={track} />
            </div>
          </li>
        ))}
      </ul>
      {/* Where the list ends: rows follow as it nears the screen. */}
      {shown < tracks.length && <div ref={end} />}
    </KeepReaderPlace>
  );
});

export function HistoryScreen() {
  usePageMeta("Track History", `The tracks ${station.name} played recently.`);
  const { data, isError } = useTrackHistory();
  const history = useDeferredValue(data);
  const favorites = useDeferredValue(useListFavorites());
  const play = useDeferredValue(useHistoryPlay());
  const tracks = useMemo(() => dedupeTracks(history ?? []), [history]);
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
          <HistoryRows tracks={tracks} favorites={favorites} play={play} />
        </>
      )}
      {/* Below the list, it comes with the list: shown before, the rows would push it down. */}
      {(isError || history !== undefined) && <PlayedTracksWidget />}
    </div>
  );
}
