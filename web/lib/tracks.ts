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
