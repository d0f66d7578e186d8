// Request and response shapes of every call in SPEC section 7, shared by the worker's
// validators and the web app's forms and client. Column types live in schema/db.ts.
import { z } from "zod";
import { isPublished, limits, normalizeSlug, sleepTimerChoices } from "./rules";

export { adminUserId, isPublished, limits, normalizeSlug, sleepTimerChoices } from "./rules";

// ---------------------------------------------------------------- errors

/** Every API error: { error, message } with a 4xx/5xx status. */
export const apiError = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiError>;

// ---------------------------------------------------------------- helpers

const trimmed = (max: number, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `Must be at most ${max} characters`);

/** An optional text: absent, null or blank all mean "none". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const httpUrl = z.url({ protocol: /^https?$/, error: "Must be an http(s) URL" });

/** An image reference: an http(s) URL or a path under the site's own /images/. */
export const imageRef = z
  .string()
  .trim()
  .max(limits.imageUrl)
  .refine((v) => /^\/images\/[A-Za-z0-9._-]+$/.test(v) || httpUrl.safeParse(v).success, {
    error: "Must be an http(s) URL or an uploaded /images/ path",
  });

const optionalImageRef = z
  .union([imageRef, z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

const optionalArtwork = z
  .union([httpUrl.max(limits.artworkUrl), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

// ---------------------------------------------------------------- owners and sessions

/** Anonymous session id, `session-{timestamp}-{random}` with at least 96 random bits. */
export const anonymousSessionId = z.string().regex(/^session-\d{10,16}-[A-Za-z0-9]{16,64}$/, {
  error: "Invalid session id",
});

/** The owner of favorites or a sleep timer: an anonymous session id or a user id. */
export const ownerId = z
  .string({ error: "sessionId is required" })
  .trim()
  .min(1, "sessionId is required")
  .max(limits.sessionId)
  .regex(/^[A-Za-z0-9-]+$/, "Invalid session id");

// ---------------------------------------------------------------- radio

export const track = z.object({
  title: z.string(),
  artist: z.string(),
  album: z.string().nullish(),
  artwork: z.string().nullish(),
});
export type Track = z.infer<typeof track>;

export const nowPlaying = track.extend({
  /** Listener count reported by the radio host, when it reports one. */
  listeners: z.number().int().nonnegative().nullish(),
});
export type NowPlaying = z.infer<typeof nowPlaying>;

export const nextTrack = track.nullable();
export type NextTrack = z.infer<typeof nextTrack>;

export const trackHistoryItem = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  artwork: z.string().nullable(),
  /** ISO 8601. */
  playedAt: z.string(),
});
export type TrackHistoryItem = z.infer<typeof trackHistoryItem>;

/**
 * What GET /api/radio/live pushes: the current state as the first message, then one message per
 * change. `version` increases with every change; `at` is when the live room saw the current
 * track start and `sentAt` the server's clock when it sent the message (both ms since the epoch).
 */
export const liveMessage = z.object({
  type: z.literal("now-playing"),
  version: z.number().int().nonnegative(),
  current: track,
  next: track.nullable(),
  listeners: z.number().int().nonnegative().nullable(),
  at: z.number(),
  sentAt: z.number(),
  /** The track_history row of the current track, when one was recorded as it started. */
  played: trackHistoryItem.nullable(),
});
export type LiveMessage = z.infer<typeof liveMessage>;

export const listeningStats = z.object({
  totalPlays: z.number().int(),
  uniqueTracks: z.number().int(),
  uniqueArtists: z.number().int(),
  topArtist: z.object({ artist: z.string(), plays: z.number().int() }).nullable(),
  topTrack: z.object({ title: z.string(), artist: z.string(), plays: z.number().int() }).nullable(),
  topArtists: z.array(z.object({ artist: z.string(), plays: z.number().int() })),
  topTracks: z.array(z.object({ title: z.string(), artist: z.string(), plays: z.number().int() })),
  recent: z.array(trackHistoryItem),
});
export type ListeningStats = z.infer<typeof listeningStats>;

// ---------------------------------------------------------------- favorites

export const favoriteCreate = z.object({
  sessionId: ownerId,
  trackTitle: trimmed(limits.trackField, "trackTitle is required"),
  trackArtist: trimmed(limits.trackField, "trackArtist is required"),
  trackAlbum: optionalText(limits.trackField),
  trackArtwork: optionalArtwork,
});
export type FavoriteCreate = z.input<typeof favoriteCreate>;

export const favoriteTrackRef = z.object({
  trackTitle: trimmed(limits.trackField, "trackTitle is required"),
  trackArtist: trimmed(limits.trackField, "trackArtist is required"),
});

export const favorite = z.object({
  id: z.string(),
  sessionId: z.string(),
  userId: z.string().nullable(),
  trackTitle: z.string(),
  trackArtist: z.string(),
  trackAlbum: z.string().nullable(),
  trackArtwork: z.string().nullable(),
  createdAt: z.string(),
});
export type Favorite = z.infer<typeof favorite>;

export const favoriteCheck = z.object({ isFavorited: z.boolean() });

/** SPEC section 5: a pending favorite must have trackTitle and trackArtist. */
export const pendingFavorite = z.object({
  trackTitle: z.string().trim().min(1),
  trackArtist: z.string().trim().min(1),
  trackAlbum: z.string().nullish(),
  trackArtwork: z.string().nullish(),
});
export type PendingFavorite = z.infer<typeof pendingFavorite>;

// ---------------------------------------------------------------- sleep timer

export const sleepTimerStart = z.object({
  minutes: z.union(
    sleepTimerChoices.map((m) => z.literal(m)),
    {
      error: `minutes must be one of ${sleepTimerChoices.join(", ")}`,
    },
  ),
});

export const sleepTimerStatus = z.object({
  active: z.boolean(),
  /** Epoch milliseconds when the radio stops; null when no timer runs. */
  endTime: z.number().int().nullable(),
});
export type SleepTimerStatus = z.infer<typeof sleepTimerStatus>;

// ---------------------------------------------------------------- contact

export const contactMessage = z.object({
  name: trimmed(limits.contactName, "Name is required"),
  email: z
    .union([z.email({ error: "Invalid e-mail address" }).trim().max(limits.email), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  message: trimmed(limits.contactMessage, "Message is required"),
});
export type ContactMessage = z.input<typeof contactMessage>;

// ---------------------------------------------------------------- auth

export const requestLogin = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .max(limits.email, "Invalid e-mail address")
    .pipe(z.email({ error: "Invalid e-mail address" })),
});

export const adminLogin = z.object({
  username: z.string({ error: "Username is required" }).min(1, "Username is required").max(200),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1000),
});

export const migrateFavorites = z.object({ sessionId: anonymousSessionId });

export const currentUser = z.object({ id: z.string(), email: z.string() }).nullable();
export type CurrentUser = z.infer<typeof currentUser>;

export const debugTokens = z.object({
  tokens: z.array(
    z.object({
      email: z.string(),
      link: z.string(),
      /** ISO 8601. */
      expiresAt: z.string(),
      used: z.boolean(),
    }),
  ),
});
export type DebugTokens = z.infer<typeof debugTokens>;

// ---------------------------------------------------------------- pages

export const pageInput = z.object({
  title: trimmed(limits.pageTitle, "Title is required"),
  slug: z
    .string({ error: "Slug is required" })
    .trim()
    .min(1, "Slug is required")
    .max(limits.pageSlug, `Slug must be at most ${limits.pageSlug} characters`)
    .transform(normalizeSlug)
    .pipe(z.string().min(1, "Slug must contain a letter or digit")),
  content: trimmed(limits.pageContent, "Content is required"),
  image: optionalImageRef,
  heroImageLight: optionalImageRef,
  heroImageDark: optionalImageRef,
  metaDescription: optionalText(limits.metaDescription),
  metaKeywords: optionalText(limits.metaKeywords),
  published: z
    .union([z.string().max(20), z.boolean()])
    .optional()
    .transform((v) => (v === undefined ? "true" : isPublished(v) ? "true" : "false")),
});
export type PageInput = z.input<typeof pageInput>;

export const page = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  heroImageLight: z.string().nullable(),
  heroImageDark: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  published: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Page = z.infer<typeof page>;

/** A page id as the server makes them (a UUID); anything else names no page. */
export const pageId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Invalid page id")
  .transform((v) => v.toLowerCase());

export const uploadResponse = z.object({ url: z.string() });

/** One import is one D1 batch; D1 bounds the statements of a batch. */
export const maxImportPages = 500;

const isoDate = z.iso.datetime({ offset: true, error: "Must be an ISO 8601 date and time" });

/** The export document; an import validates all of it before changing anything. */
export const pagesExport = z
  .object(
    {
      version: z.literal(1, { error: "Unsupported export version: expected version 1" }),
      exportedAt: z.string().optional(),
      pages: z
        .array(
          pageInput.extend({
            id: pageId.optional(),
            createdAt: isoDate.optional(),
            updatedAt: isoDate.optional(),
          }),
          { error: "The file must have a pages list" },
        )
        .max(maxImportPages, `At most ${maxImportPages} pages can be imported at once`),
    },
    { error: "The file is not a pages export" },
  )
  .superRefine((doc, ctx) => {
    const seenSlugs = new Set<string>();
    const seenIds = new Set<string>();
    doc.pages.forEach((p, i) => {
      if (seenSlugs.has(p.slug)) {
        ctx.addIssue({ code: "custom", path: ["pages", i, "slug"], message: `Duplicate slug '${p.slug}'` });
      }
      seenSlugs.add(p.slug);
      if (p.id !== undefined) {
        if (seenIds.has(p.id)) {
          ctx.addIssue({ code: "custom", path: ["pages", i, "id"], message: `Duplicate id '${p.id}'` });
        }
        seenIds.add(p.id);
      }
    });
  });
export type PagesExport = z.input<typeof pagesExport>;

export const importResponse = z.object({
  results: z.object({ created: z.number().int(), updated: z.number().int() }),
});

// ---------------------------------------------------------------- health and client configuration

export const health = z.object({
  ok: z.literal(true),
  version: z.string(),
  /** The live room's reading of the radio host; null when the room did not answer. */
  live: z
    .object({
      /** Reads of the radio host in the last 60 s: set by the poll interval, never by the audience. */
      upstreamReadsLastMinute: z.number().int().nonnegative(),
      lastReadAt: z.string().nullable(),
      lastReadOk: z.boolean().nullable(),
    })
    .nullable(),
});
export type Health = z.infer<typeof health>;

/** What the SPA needs of the deployment's configuration. */
export const clientConfig = z.object({
  streams: z.object({ hd: z.string(), sd: z.string(), mobile: z.string() }),
  historyWidgetUrl: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfig>;
