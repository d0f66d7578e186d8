// docs/product.md §9's constants that several modules share, named as the spec names them; a
// constant only one module uses lives in that module (the listener bundle carries no other's).

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

export const themeStorageKey = "theme";
export const defaultTheme = "dark";

/**
 * Stream reconnect: backoff 1 s, 2 s, 4 s ... capped at 30 s, for 2 minutes from the drop, then the
 * player stops with "Stream unavailable" and a Retry; a stall that lasts 8 s is a drop.
 */
export const reconnectInitialDelayMs = 1000;
export const reconnectMaxDelayMs = 30_000;
export const reconnectGiveUpMs = 120_000;
export const streamStallTimeoutMs = 8000;

export { loginLinkLifetimeMinutes as magicLinkExpiryMinutes } from "#schema/rules.ts";

export const listenerDisplayMin = 150;
export const listenerDisplayMax = 199;
export {
  statsRecentCount as analyticsRecentCount,
  statsTopCount as analyticsTopCount,
} from "#schema/rules.ts";

export const metaDescriptionChars = 155;
export const contentTextareaRows = 10;
export { imageMaxBytes } from "#schema/rules.ts";

export const bitrateClaim = "320kbps";
export const homepageHeroSlug = "homepage-hero-settings";
export const officeAudioSlug = "office-audio";
