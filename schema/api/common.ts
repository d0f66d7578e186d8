// What every resource's schemas share: the error and acknowledgement bodies, and the field
// builders (trimmed text, optional text, image and artwork URLs, owner ids).
import { z } from "zod";
import { limits } from "../limits";
import { anonymousSessionIdPattern } from "../rules";

/** The R2 key of an uploaded image (and a found cover): a UUID and the image type's extension. */
export const imageKeyPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|avif)$/;

// ---------------------------------------------------------------- errors and acknowledgements

/** Every API error: { error, message } with a 4xx/5xx status. */
export const apiError = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiError>;

/** The answer of a call that has nothing to return but its success (contact, page delete). */
export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/** The same for the auth calls (login, logout, login link requested). */
export const successResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponse>;

// ---------------------------------------------------------------- field builders

export const trimmed = (max: number, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `Must be at most ${max} characters`);

/** An optional text: absent, null or blank all mean "none". */
export const optionalText = (max: number) =>
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

export const optionalImageRef = z
  .union([imageRef, z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

export const optionalArtwork = z
  .union([httpUrl.max(limits.artworkUrl), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

// ---------------------------------------------------------------- owners and sessions

/** Anonymous session id, `session-{timestamp}-{random}` with at least 96 random bits. */
export const anonymousSessionId = z.string().regex(anonymousSessionIdPattern, {
  error: "Invalid session id",
});

/** The owner of favorites or a sleep timer: an anonymous session id or a user id. */
export const ownerId = z
  .string({ error: "sessionId is required" })
  .trim()
  .min(1, "sessionId is required")
  .max(limits.sessionId)
  .regex(/^[A-Za-z0-9-]+$/, "Invalid session id");
