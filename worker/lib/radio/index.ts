// The radio host behind the configured adapter: what plays now and what comes next.
import type { NowPlaying, Track } from "../../../schema/api";
import { fallbackTrack } from "../../../schema/station";
import type { Config } from "../config";
import { readAzuraCast } from "./azuracast";
import { readIcecast } from "./icecast";
import { readNextTrackWidget } from "./next-track-widget";

export { UpstreamError } from "./upstream";

/** Throws UpstreamError when the host is down, slow, answers non-OK or not the expected JSON. */
export async function readCurrentTrack(config: Config): Promise<NowPlaying> {
  switch (config.RADIO_SOURCE) {
    case "icecast":
      return readIcecast(config.RADIO_METADATA_URL, config.RADIO_MOUNT);
    case "azuracast":
      return (await readAzuraCast(config.RADIO_METADATA_URL)).current;
  }
}

/** The next-track widget when configured, else AzuraCast's playing_next; null when neither knows. */
export async function readNextTrack(config: Config): Promise<Track | null> {
  if (config.NEXT_TRACK_URL) return readNextTrackWidget(config.NEXT_TRACK_URL);
  if (config.RADIO_SOURCE === "azuracast") return (await readAzuraCast(config.RADIO_METADATA_URL)).next;
  return null;
}

/** Identifies the upstream a cached answer came from, so a configuration change never serves stale data. */
export function currentTrackSource(config: Config): string {
  return config.RADIO_SOURCE === "icecast"
    ? `icecast:${config.RADIO_METADATA_URL}#${config.RADIO_MOUNT}`
    : `azuracast:${config.RADIO_METADATA_URL}`;
}

export function nextTrackSource(config: Config): string {
  if (config.NEXT_TRACK_URL) return `widget:${config.NEXT_TRACK_URL}`;
  return config.RADIO_SOURCE === "azuracast" ? `azuracast:${config.RADIO_METADATA_URL}` : "none";
}

/** The comparison key of a track: lower-cased, trimmed title and artist (SPEC section 5). */
export function trackKey(track: { title: string; artist: string }): string {
  return `${track.title.trim().toLowerCase()}\u0000${track.artist.trim().toLowerCase()}`;
}

export function isFallbackTrack(track: { title: string; artist: string }): boolean {
  return trackKey(track) === trackKey(fallbackTrack);
}
