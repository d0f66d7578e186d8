// Limits of the listener features that only lazy parts of the web app and the worker read. Kept
// apart from rules.ts, which the first load imports: a module's values travel with it, and
// these would grow the 90 KB first load for nothing (ADR 015).

/**
 * Listening sessions (docs/product.md §10): a playing browser writes every minute (a little early is
 * fine: the grace) and once at the end; the summary's top artists look back 90 days (as long
 * as the history is kept by default); sessions are kept 400 days.
 */
/** Where a stretch was heard: the site's own player, or the embed on a partner's page. */
export const listeningVia = ["site", "embed"] as const;

export const listening = {
  writeEveryMs: 60_000,
  graceMs: 5_000,
  artistDays: 90,
  topArtists: 5,
  retentionDays: 400,
  /**
   * Stretches one owner may have playing at once (a few tabs or devices), and may begin in a day
   * (every play, pause and resume is one): beyond them a new stretch is refused, so nobody can
   * pile up overlapping stretches under an owner for its summary to read (ADR 034).
   */
  openPerOwner: 4,
  perOwnerPerDay: 300,
  /**
   * The summary's top artists count the plays of at most this many of the owner's latest
   * stretches, and at most this many plays (the latest): a read of a fixed size, whatever an
   * owner stored (ADR 034). A listener all day every day hears about 360 plays a day.
   */
  artistSessions: 500,
  artistPlays: 3_000,
} as const;

/**
 * Searching the station's own history (/history): what a query may be, how many answers, and how
 * many of the unique tracks played last it looks through (a read of a fixed size, ADR 034).
 */
export const historySearch = {
  minChars: 2,
  maxChars: 100,
  maxWords: 5,
  results: 50,
  scanTracks: 5_000,
} as const;
