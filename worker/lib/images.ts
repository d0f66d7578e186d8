// Uploaded images in R2: the type sniffed from the first bytes and random keys. Objects are
// never deleted automatically: an export taken earlier may still name them (docs/decisions/007).
import { imageKeyPattern } from "#schema/api.ts";

export type ImageType = { contentType: string; extension: string };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type from the file's magic bytes; null for anything else (SVG included). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: "image/png", extension: "png" };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) {
    return { contentType: "image/gif", extension: "gif" };
  }
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) {
    return { contentType: "image/webp", extension: "webp" };
  }
  // ISO-BMFF: a leading `ftyp` box whose major or compatible brands name AVIF.
  if (startsWith(bytes, ascii("ftyp"), 4)) {
    const boxSize =
      ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    const end = Math.min(boxSize, bytes.length);
    for (let at = 8; at + 4 <= end; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      if (startsWith(bytes, ascii("avif"), at) || startsWith(bytes, ascii("avis"), at)) {
        return { contentType: "image/avif", extension: "avif" };
      }
    }
  }
  return null;
}

/** R2 keys as uploads make them: `<uuid>.<ext>`. */

export function isImageKey(key: string): boolean {
  return imageKeyPattern.test(key);
}

export function newImageKey(type: ImageType): string {
  return `${crypto.randomUUID()}.${type.extension}`;
}

export function imageUrl(key: string): string {
  return `/images/${key}`;
}

/**
 * Where a cover's small copy is kept (ADR 062): the provider's 250-pixel thumbnail, served at
 * /images/small/<key> to the places that show a cover at 96 CSS pixels or less.
 */
export function smallImageKey(key: string): string {
  return `covers-small/${key}`;
}
