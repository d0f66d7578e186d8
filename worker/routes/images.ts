import { Hono } from "hono";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { isImageKey } from "../lib/images";

/** "*", or entity tags (optionally weak) separated by commas, as RFC 9110 §8.8.3 spells them. */
const etagList = /^\s*(\*|(W\/)?"[\x21\x23-\x7e\x80-\xff]*"(\s*,\s*(W\/)?"[\x21\x23-\x7e\x80-\xff]*")*)\s*$/;

/** Uploaded images: keys are random and never reused, so they are cached for good. */
export const images = new Hono<AppEnv>().get("/:key", async (c) => {
  const key = c.req.param("key");
  if (!isImageKey(key)) return jsonError(c, 404, "Image not found");
  // Given If-None-Match, R2 answers a matching ETag with the object's metadata and no body.
  // R2 throws on a header that is not an ETag list: such a header is ignored (RFC 9110 §13.1.2).
  const conditional = new Headers();
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch && etagList.test(ifNoneMatch)) conditional.set("If-None-Match", ifNoneMatch);
  // Should R2 still refuse a header the pattern let through, the image is served whole.
  const object = await c.env.IMAGES.get(key, { onlyIf: conditional }).catch(() => c.env.IMAGES.get(key));
  if (!object) return jsonError(c, 404, "Image not found");
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Content-Disposition": "inline",
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
});
