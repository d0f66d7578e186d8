// The radio host behind the configured adapter: what plays now, and how tracks compare.
import type { NowPlaying } from "../../../schema/api";
import { fallbackTrack } from "../../../schema/station";
import type { Config } from "../config";
import { readAzuraCast } from "./azuracast";
import { readIcecast } from "./icecast";

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

/** Identifies the upstream a reading came from, so a configuration change never serves stale data. */
export function currentTrackSource(config: Config): string {
  return config.RADIO_SOURCE === "icecast"
    ? `icecast:${config.RADIO_METADATA_URL}#${config.RADIO_MOUNT}`
    : `azuracast:${config.RADIO_METADATA_URL}`;
}

/** The comparison key of a track: lower-cased, trimmed title and artist (SPEC section 5). */
export function trackKey(track: { title: string; artist: string }): string {
  return `${track.title.trim().toLowerCase()}\u0000${track.artist.trim().toLowerCase()}`;
}

export function isFallbackTrack(track: { title: string; artist: string }): boolean {
  return trackKey(track) === trackKey(fallbackTrack);
}
