import { Hono } from "hono";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { isImageKey, smallImageKey } from "../lib/images";

/** "*", or entity tags (optionally weak) separated by commas, as RFC 9110 §8.8.3 spells them. */
const etagList = /^\s*(\*|(W\/)?"[\x21\x23-\x7e\x80-\xff]*"(\s*,\s*(W\/)?"[\x21\x23-\x7e\x80-\xff]*")*)\s*$/;

/** Keys are random and never reused: an image is cached for good. */
const forGood = "public, max-age=31536000, immutable";
/** A cover served for its small copy, which may be kept later (ADR 062): asked again after a day. */
const forADay = "public, max-age=86400";

/** The R2 object under `key`, or null; a 304 when the browser's copy (If-None-Match) is current. */
async function getObject(
  bucket: R2Bucket,
  key: string,
  ifNoneMatch: string | undefined,
): Promise<R2Object | R2ObjectBody | null> {
  // Given If-None-Match, R2 answers a matching ETag with the object's metadata and no body.
  // R2 throws on a header that is not an ETag list: such a header is ignored (RFC 9110 §13.1.2).
  const conditional = new Headers();
  if (ifNoneMatch && etagList.test(ifNoneMatch)) conditional.set("If-None-Match", ifNoneMatch);
  // Should R2 still refuse a header the pattern let through, the image is served whole.
  return bucket.get(key, { onlyIf: conditional }).catch(() => bucket.get(key));
}

function imageResponse(object: R2Object | R2ObjectBody, cacheControl: string): Response {
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": cacheControl,
    "Content-Disposition": "inline",
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}

/** Uploaded images and found covers; /images/small/<key> is a cover's small copy, or the cover. */
export const images = new Hono<AppEnv>()
  .get("/small/:key", async (c) => {
    const key = c.req.param("key");
    if (!isImageKey(key)) return jsonError(c, 404, "Image not found");
    const ifNoneMatch = c.req.header("If-None-Match");
    const small = await getObject(c.env.IMAGES, smallImageKey(key), ifNoneMatch);
    if (small) return imageResponse(small, forGood);
    const object = await getObject(c.env.IMAGES, key, ifNoneMatch);
    return object ? imageResponse(object, forADay) : jsonError(c, 404, "Image not found");
  })
  .get("/:key", async (c) => {
    const key = c.req.param("key");
    if (!isImageKey(key)) return jsonError(c, 404, "Image not found");
    const object = await getObject(c.env.IMAGES, key, c.req.header("If-None-Match"));
    return object ? imageResponse(object, forGood) : jsonError(c, 404, "Image not found");
  });
