// The radio host behind the configured adapter: what plays now (and next), and how tracks compare.
import type { NowPlaying, Track } from "#schema/api.ts";
import { fallbackTrack } from "#schema/station.ts";
import type { Config } from "../config";
import { readAzuraCast } from "./azuracast";
import { icecastStatusLagMs, readIcecast } from "./icecast";
import { readNextTrackWidget } from "./next-track-widget";

export { UpstreamError } from "./upstream";

/** One read of the host in its format; only AzuraCast reports a next track. */
async function readHost(
  config: Config,
): Promise<{ current: NowPlaying; next?: Track | null; mounts: Record<string, number> }> {
  switch (config.RADIO_SOURCE) {
    case "icecast":
      return readIcecast(config.RADIO_METADATA_URL, config.RADIO_MOUNT);
    case "azuracast":
      return readAzuraCast(config.RADIO_METADATA_URL);
  }
}

/** Throws UpstreamError when the host is down, slow, answers non-OK or not the expected JSON. */
export async function readCurrentTrack(config: Config): Promise<NowPlaying> {
  return (await readHost(config)).current;
}

/** One read of the host: `current` is null when it failed; `next` undefined when its read failed. */
export type Observation = {
  current: Track | null;
  next: Track | null | undefined;
  listeners: number | null;
  /** Each mount's listener count by its path; null when the read failed. */
  mounts: Record<string, number> | null;
};

/**
 * The host and the next-track widget, read at once. A configured widget is the next track's
 * source; else AzuraCast's playing_next; an Icecast host without a widget has none. Never
 * throws: a failed read is reported in the observation, with the reason logged. With
 * `nextTrack: false` a configured widget is not read (next is undefined: unknown).
 */
export async function observeStation(config: Config, { nextTrack = true } = {}): Promise<Observation> {
  const widgetUrl = config.NEXT_TRACK_URL;
  const [host, widget] = await Promise.all([
    readHost(config).catch(logFailure("now playing")),
    widgetUrl && nextTrack ? observeNextTrack(config) : undefined,
  ]);
  const next = widgetUrl ? widget : announcesNextTrack(config) ? host?.next : null;
  if (!host) return { current: null, next, listeners: null, mounts: null };
  const { listeners, ...current } = host.current;
  return { current, next, ...withoutRecorders(config, listeners ?? null, host.mounts) };
}

/**
 * The host counts the rewind recorders' connections (one per stream, ADR 040) as listeners:
 * they are not, so while rewind is on one comes off each stream's mount and off the total.
 */
export function withoutRecorders(
  config: Config,
  listeners: number | null,
  mounts: Record<string, number> | null,
): Pick<Observation, "listeners" | "mounts"> {
  if (config.REWIND_MINUTES === 0 || mounts === null) return { listeners, mounts };
  const recorded = new Set(
    [config.STREAM_URL_HD, config.STREAM_URL_SD, config.STREAM_URL_MOBILE].map(
      (url) => new URL(url).pathname,
    ),
  );
  let taken = 0;
  const counted = Object.fromEntries(
    Object.entries(mounts).map(([mount, count]) => {
      if (!recorded.has(mount) || count === 0) return [mount, count];
      taken++;
      return [mount, count - 1];
    }),
  );
  return { listeners: listeners === null ? null : Math.max(0, listeners - taken), mounts: counted };
}

/** The next-track widget alone (undefined when none is configured or it failed). */
export function observeNextTrack(config: Config): Promise<Track | null | undefined> {
  if (!config.NEXT_TRACK_URL) return Promise.resolve(undefined);
  return readNextTrackWidget(config.NEXT_TRACK_URL).catch(logFailure("next track"));
}

function logFailure(what: string) {
  return (err: unknown): undefined => {
    console.warn(`live room: ${what} unavailable: ${String(err)}`);
    return undefined;
  };
}

/** How late the host's now-playing read shows a change, on average (ms). */
export function hostReportLagMs(config: Config): number {
  return config.RADIO_SOURCE === "icecast" ? icecastStatusLagMs : 0;
}

/** Whether any source names the next track: the widget, or AzuraCast's playing_next. */
export function announcesNextTrack(config: Config): boolean {
  return Boolean(config.NEXT_TRACK_URL) || config.RADIO_SOURCE === "azuracast";
}

/** Identifies the upstream a reading came from, so a configuration change never serves stale data. */
export function currentTrackSource(config: Config): string {
  return config.RADIO_SOURCE === "icecast"
    ? `icecast:${config.RADIO_METADATA_URL}#${config.RADIO_MOUNT}`
    : `azuracast:${config.RADIO_METADATA_URL}`;
}

/** The comparison key of a track: lower-cased, trimmed title and artist (docs/product.md §5). */
export function trackKey(track: { title: string; artist: string }): string {
  return `${track.title.trim().toLowerCase()}\u0000${track.artist.trim().toLowerCase()}`;
}

export function isFallbackTrack(track: { title: string; artist: string }): boolean {
  return trackKey(track) === trackKey(fallbackTrack);
}
