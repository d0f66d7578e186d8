// Request and response shapes of every call in docs/product.md §7, shared by the worker's
// validators and the web app's forms and client. Column types live in schema/db.ts.
// One module per resource under schema/api/; this one gathers them so callers import one path.

export * from "./api/auth";
export {
  type ApiError,
  anonymousSessionId,
  apiError,
  imageKeyPattern,
  imageRef,
  type OkResponse,
  okResponse,
  ownerId,
  type SuccessResponse,
  successResponse,
} from "./api/common";
export * from "./api/config";
export * from "./api/contact";
export * from "./api/favorites";
export * from "./api/health";
export * from "./api/listening";
export * from "./api/pages";
export * from "./api/radio";
export * from "./api/rewind";
export * from "./api/sleep-timer";
export * from "./api/stats";
export * from "./api/track-artwork";
export * from "./api/track-history";
export { limits } from "./limits";
export { adminUserId, isPublished, sleepTimerChoices } from "./rules";
export { normalizeSlug } from "./slug";
