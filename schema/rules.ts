// Plain constants and pure rules shared by the worker and the web app. No dependencies:
// the listener bundle imports this, never the zod schemas of schema/api.ts (zod is ~35 KB gzip).
// The fields' limits, which only those schemas and the worker check, are in schema/limits.ts.

/** The largest image the admin may upload (5 MB). */
export const imageMaxBytes = 5 * 1024 * 1024;

/**
 * The most favorites one owner (an anonymous session or a user) keeps: adding another answers 409
 * until one is removed. Moving an anonymous session's favorites in at login may pass it.
 */
export const favoritesPerOwnerLimit = 500;

/** docs/product.md §9: the sleep timer's choices, in minutes. */
export const sleepTimerChoices = [15, 30, 45, 60, 90] as const;

export const adminUserId = "admin";

/** The statistics list the 10 most played artists and tracks and the 10 latest plays. */
export const statsTopCount = 10;
export const statsRecentCount = 10;

/** An anonymous listener's id as the browser makes it: session-{timestamp}-{random}. */
export const anonymousSessionIdPattern = /^session-\d{10,16}-[A-Za-z0-9]{16,64}$/;

/** A login link works for 15 minutes after it is sent (the e-mail and the dialog say so). */
export const loginLinkLifetimeMinutes = 15;

/** docs/product.md §3: the text flag; 'false' or empty is unpublished, anything else published. */
export function isPublished(flag: string | boolean | null | undefined): boolean {
  if (typeof flag === "boolean") return flag;
  return !(flag === "false" || flag === "" || flag === null || flag === undefined);
}
