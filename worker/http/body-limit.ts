// One size limit on every API request body, so no anonymous call makes the Worker read more than
// a few kilobytes. Hono's bodyLimit trusts a declared Content-Length (the runtime stops the body
// there) and counts a body without one while it streams, answering before it is read whole.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env";
import { jsonError } from "./http";

/**
 * The largest JSON call is a contact message of 5,000 characters: even with every character
 * escaped as \uXXXX (6 bytes) it stays under 32 KB, so 64 KB leaves room without inviting bulk.
 */
const apiBodyBytes = 64 * 1024;

/**
 * Calls that legitimately take more check their own, larger limit right after requireAdmin
 * (worker/routes/upload.ts, worker/routes/pages.ts), so an anonymous request to them is refused
 * before its body is read. Counting them here too would cap them at 64 KB for the admin.
 */
const ownLimits: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  ["POST", /^\/api\/upload$/],
  ["POST", /^\/api\/pages(\/import)?$/],
  ["PUT", /^\/api\/pages\/[^/]+$/],
];

const limit = bodyLimit({
  maxSize: apiBodyBytes,
  onError: (c) => jsonError(c, 413, `The request body is larger than ${apiBodyBytes / 1024} KB.`),
});

export const apiBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  const { method, path } = c.req;
  if (ownLimits.some(([m, p]) => m === method && p.test(path))) return next();
  return limit(c, next);
};
