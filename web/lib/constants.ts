// docs/product.md §9's constants, named as the spec names them. One module for the web app.
import { limits } from "#schema/rules.ts";

export { sleepTimerChoices } from "#schema/rules.ts";

export const nowPlayingPollMs = 30_000;
export const nextTrackPollMs = 30_000;

export const defaultVolume = 0.7;
export const unmuteVolume = 0.7;
export const volumeStorageKey = "radio-volume";

export const streamQualities = ["hd", "sd", "mobile"] as const;
export type StreamQuality = (typeof streamQualities)[number];
export const defaultStreamQuality: StreamQuality = "hd";
export const streamQualityStorageKey = "stream-quality";
/** "element" plays the stream's URL in the element instead of through Media Source Extensions. */
export const playerEngineStorageKey = "player-engine";

export const themeStorageKey = "theme";
export const defaultTheme = "dark";

export const sleepTimerSessionStorageKey = "sleep-timer-session";
export const anonymousSessionStorageKey = "radio-session-id";
export const pendingFavoriteStorageKey = "pending_favorite";
/** Session-storage flag, per user, that anonymous favorites were migrated. */
export const favoritesMigratedKeyPrefix = "favorites-migrated-";

/** Sleep timer: the countdown ticks every second; the volume fades out over the last 10 s. */
export const sleepTimerTickMs = 1000;
export const sleepTimerFadeMs = 10_000;

/**
 * Stream reconnect: backoff 1 s, 2 s, 4 s ... capped at 30 s, for 2 minutes from the drop, then the
 * player stops with "Stream unavailable" and a Retry; a stall that lasts 8 s is a drop.
 */
export const reconnectInitialDelayMs = 1000;
export const reconnectMaxDelayMs = 30_000;
export const reconnectGiveUpMs = 120_000;
export const streamStallTimeoutMs = 8000;
/** Automatic quality: this many stalls within the window step the stream down one quality. */
export const autoQualityStalls = 2;
export const autoQualityWindowMs = 30_000;

export { loginLinkLifetimeMinutes as magicLinkExpiryMinutes } from "#schema/rules.ts";
export const loginDialogResetDelayMs = 300;

export const volumeSliderMax = 100;
export const volumeSliderStep = 1;
export const sharePopupWidth = 550;
export const sharePopupHeight = 420;

export const homeRecentTracks = 6;
export const homeUpdateCards = 3;
export const updateExcerptChars = 150;
export const officeAudioExcerptChars = 200;
export const topicTitleChars = 50;
export const listenerDisplayMin = 150;
export const listenerDisplayMax = 199;
export {
  statsRecentCount as analyticsRecentCount,
  statsTopCount as analyticsTopCount,
} from "#schema/rules.ts";

export const metaDescriptionChars = 155;
export const imageMaxBytes = limits.imageBytes;
export const contentTextareaRows = 10;

export const toastDurationMs = 5000;
export const toastRemoveDelayMs = 1_000_000;
export const toastSwipeThresholdPx = 50;
export const tooltipDelayMs = 700;
/** Moving from one tooltip's control to another within this time shows the next at once (as Radix does). */
export const tooltipSkipDelayMs = 300;

export const pageTransitionSeconds = 0.3;
export const bitrateClaim = "320kbps";
export const homepageHeroSlug = "homepage-hero-settings";
/** The Username the admin login form is prefilled with (the configured default admin login). */
export const defaultAdminUsername = "admin";
export const officeAudioSlug = "office-audio";

/**
 * Live updates (/api/radio/live): a reconnect waits a random time between 1 s and a window
 * that starts at 10 s and doubles per failed attempt up to 60 s (a deploy closes every
 * socket: listeners come back spread over 10 s, not in one second). Ping every 25 s.
 */
export const liveInitialRetryMs = 1000;
export const liveRetryWindowMs = 10_000;
export const liveMaxRetryMs = 60_000;
export const livePingIntervalMs = 25_000;
export const livePongTimeoutMs = 10_000;
