// Small builders of the API's shapes: a test names only the fields it is about.
import type { ClientConfig, CurrentUser, Favorite, NowPlaying, Page, TrackHistoryItem } from "#schema/api.ts";

type User = NonNullable<CurrentUser>;

export const listener: User = { id: "user-1", email: "listener@example.com" };
export const adminUser: User = { id: "admin", email: "admin@lounge-radio.example" };

/** A browser's anonymous session id, in the form the server accepts. */
export const anonymousSessionId = "session-1700000000000-AbCdEfGhIjKlMnOpQrSt";

export const streams: ClientConfig["streams"] = {
  hd: "https://stream.test/hd",
  sd: "https://stream.test/sd",
  mobile: "https://stream.test/mobile",
};

export const streamTiming: ClientConfig["streamTiming"] = {
  bitrateKbps: { hd: 320, sd: 128, mobile: 64 },
  burstBytes: { hd: 65535, sd: 65535, mobile: 65535 },
};

export function aClientConfig(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    streams,
    historyWidgetUrl: null,
    announcesNextTrack: true,
    rewind: { minutes: 60, restartTrack: true, playFromHistory: true, relay: false },
    streamTiming,
    ...overrides,
  };
}

export function aTrack(overrides: Partial<NowPlaying> = {}): NowPlaying {
  return { title: "Blue Lagoon", artist: "Chill Collective", album: "Shores", artwork: null, ...overrides };
}

let nextHistoryId = 1;
export function aHistoryItem(title: string, artist: string, minutesAgo = 1): TrackHistoryItem {
  return {
    id: nextHistoryId++,
    title,
    artist,
    album: null,
    artwork: null,
    playedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  };
}

let nextPage = 1;
export function aPage(overrides: Partial<Page> = {}): Page {
  const n = nextPage++;
  const title = overrides.title ?? `Page ${n}`;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    title,
    slug: `page-${n}`,
    content: `<p>${title} body</p>`,
    image: null,
    heroImageLight: null,
    heroImageDark: null,
    metaDescription: null,
    metaKeywords: null,
    published: "true",
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export function aFavorite(trackTitle: string, trackArtist = "Artist"): Favorite {
  return {
    id: `favorite-${trackTitle}`,
    sessionId: listener.id,
    userId: listener.id,
    trackTitle,
    trackArtist,
    trackAlbum: null,
    trackArtwork: null,
    createdAt: "2026-03-01T10:00:00.000Z",
  };
}
