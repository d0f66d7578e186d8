import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { limits } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { requireAdmin } from "../http/session";
import { imageUrl, newImageKey, sniffImageType } from "../lib/images";

const maxMegabytes = limits.imageBytes / (1024 * 1024);
const tooLarge = `The image is larger than ${maxMegabytes} MB.`;

/**
 * The whole multipart body may be the image plus its framing. A declared Content-Length over
 * that is refused before reading; a body without one is counted while it is read.
 */
const uploadBodyLimit = bodyLimit({
  maxSize: limits.imageBytes + 64 * 1024,
  onError: (c) => jsonError(c, 413, tooLarge),
});

export const upload = new Hono<AppEnv>().post("/", requireAdmin, uploadBodyLimit, async (c) => {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header("Content-Type") ?? "")) {
    return jsonError(c, 400, "Send the image as multipart/form-data in the field 'image'.");
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    return jsonError(c, 400, "The multipart body could not be read.");
  }
  const file = form.get("image");
  if (!(file instanceof File)) return jsonError(c, 400, "Attach the image as a file in the field 'image'.");
  if (file.size > limits.imageBytes) return jsonError(c, 413, tooLarge);
  if (file.size === 0) return jsonError(c, 400, "The image file is empty.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return jsonError(c, 415, "Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded.");
  const key = newImageKey(type);
  await c.env.IMAGES.put(key, bytes, { httpMetadata: { contentType: type.contentType } });
  return c.json({ url: imageUrl(key) }, 201);
});
