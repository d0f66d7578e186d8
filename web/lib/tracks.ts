// Track helpers shared by the home, history and statistics screens.

type TrackLike = { title: string; artist: string };

function trackKey(track: TrackLike): string {
  return `${track.title.trim().toLowerCase()}\u0000${track.artist.trim().toLowerCase()}`;
}

/** docs/product.md §5: de-duplicate by lower-cased trimmed title plus artist, keeping the first. */
export function dedupeTracks<T extends TrackLike>(
  tracks: readonly T[],
  limit = Number.POSITIVE_INFINITY,
): T[] {
  const seen = new Set<string>();
  const unique: T[] = [];
  for (const track of tracks) {
    if (unique.length >= limit) break;
    const key = trackKey(track);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(track);
  }
  return unique;
}

export function youtubeSearchUrl(track: TrackLike): string {
  return `https://www.youtube.com/results?search_query=${encodeURIComponent(`${track.artist} ${track.title}`)}`;
}

/** "1 play", "2 plays". */
export function playCount(plays: number): string {
  return plays === 1 ? "1 play" : `${plays} plays`;
}

/** Searches for the track on the music services listeners use most (favorites' "open in"). */
export function musicServiceLinks(track: TrackLike): { service: string; url: string }[] {
  const query = encodeURIComponent(`${track.title} ${track.artist}`);
  return [
    { service: "Spotify", url: `https://open.spotify.com/search/${query}` },
    { service: "Apple Music", url: `https://music.apple.com/search?term=${query}` },
    { service: "YouTube Music", url: `https://music.youtube.com/search?q=${query}` },
  ];
}
