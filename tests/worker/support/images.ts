// Image bytes of every accepted format (and an SVG that is refused), and uploads through the API.
import { request } from "./request";
import { type Role, sessionHeaders } from "./session";

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** A valid 1x1 RGBA PNG. */
export const pngBytes = () =>
  fromBase64(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  );

/** A valid 16x16 baseline JPEG. */
export const jpegBytes = () =>
  fromBase64(
    "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAg+Pkk+SVVVVVVVVWRdZGhoaGRkZGRoaGhwcHCDg4NwcHBoaHBwfHyDg4+Tj4eHg4eTk5ubm7q6srLZ2eD/////xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABgcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAQABADASIAAhEAAxEA/9oADAMBAAIRAxEAPwCLAFF/f//Z",
  );

export const svgBytes = () =>
  new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** The first bytes of the other accepted formats, enough for type detection. */
export const gifBytes = () => new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;");
export const webpBytes = () =>
  new TextEncoder().encode("RIFF\u001a\u0000\u0000\u0000WEBPVP8L\u000d\u0000\u0000\u0000");
export const avifBytes = () =>
  new Uint8Array([
    0,
    0,
    0,
    0x1c,
    ...new TextEncoder().encode("ftypavif"),
    0,
    0,
    0,
    0,
    ...new TextEncoder().encode("avifmif1miaf"),
  ]);

export function imageForm(bytes: Uint8Array, filename: string, type: string, field = "image"): FormData {
  const form = new FormData();
  form.append(field, new File([bytes], filename, { type }));
  return form;
}

export async function uploadAs(
  role: Role,
  body: BodyInit,
  headers: Record<string, string> = {},
): Promise<Response> {
  return request("/api/upload", {
    method: "POST",
    body,
    headers: { ...headers, ...(await sessionHeaders(role)) },
  });
}

/** Uploads as the admin and answers the image's URL. */
export async function uploadImage(bytes: Uint8Array = pngBytes()): Promise<string> {
  const res = await uploadAs("admin", imageForm(bytes, "image.png", "image/png"));
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/** The R2 key behind an uploaded image's URL. */
export const keyOf = (url: string) => url.replace(/^\/images\//, "");
