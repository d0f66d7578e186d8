import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { limits } from "#schema/api.ts";
import {
  avifBytes,
  gifBytes,
  imageForm,
  jpegBytes,
  keyOf,
  pngBytes,
  svgBytes,
  uploadAs,
  webpBytes,
} from "./support/images";
import { request } from "./support/request";
import { sessionHeaders } from "./support/session";

/** A multipart body with a PNG of `fileBytes` in the field image, produced on demand. */
function multipartStream(fileBytes: number) {
  const encoder = new TextEncoder();
  const head = encoder.encode(
    '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
  );
  const tail = encoder.encode("\r\n--x--\r\n");
  const chunk = 64 * 1024;
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(head),
    pull: (controller) => {
      if (sent >= fileBytes) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const part = new Uint8Array(Math.min(chunk, fileBytes - sent));
      if (sent === 0) part.set(pngBytes());
      sent += part.length;
      controller.enqueue(part);
    },
  });
  return { stream, length: head.length + fileBytes + tail.length, sent: () => sent };
}

const urlPattern =
  /^\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|avif)$/;

describe("POST /api/upload", () => {
  it("answers 401 when not logged in and 403 for a non-admin user", async () => {
    const anonymous = await uploadAs("anonymous", imageForm(pngBytes(), "a.png", "image/png"));
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()) as object).toHaveProperty("error", "unauthorized");
    const user = await uploadAs("user", imageForm(pngBytes(), "a.png", "image/png"));
    expect(user.status).toBe(403);
    expect((await user.json()) as object).toHaveProperty("error", "forbidden");
  });

  it("stores a PNG in R2 under a random key with its content type and answers its same-origin URL", async () => {
    const res = await uploadAs("admin", imageForm(pngBytes(), "photo.png", "image/png"));
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(urlPattern);
    expect(url.endsWith(".png")).toBe(true);
    const object = await env.IMAGES.get(keyOf(url));
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(pngBytes());
  });

  it("gives every upload its own key", async () => {
    const a = (await (await uploadAs("admin", imageForm(pngBytes(), "a.png", "image/png"))).json()) as {
      url: string;
    };
    const b = (await (await uploadAs("admin", imageForm(pngBytes(), "a.png", "image/png"))).json()) as {
      url: string;
    };
    expect(a.url).not.toBe(b.url);
  });

  it("decides the type from the first bytes, not from the file name or declared type", async () => {
    const res = await uploadAs("admin", imageForm(jpegBytes(), "innocent.png", "image/png"));
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url.endsWith(".jpg")).toBe(true);
    expect((await env.IMAGES.head(keyOf(url)))?.httpMetadata?.contentType).toBe("image/jpeg");
  });

  it("accepts WebP, GIF and AVIF", async () => {
    const cases: [Uint8Array, string, string][] = [
      [webpBytes(), "image/webp", ".webp"],
      [gifBytes(), "image/gif", ".gif"],
      [avifBytes(), "image/avif", ".avif"],
    ];
    for (const [bytes, contentType, extension] of cases) {
      const res = await uploadAs("admin", imageForm(bytes, "file", "application/octet-stream"));
      expect(res.status).toBe(201);
      const { url } = (await res.json()) as { url: string };
      expect(url.endsWith(extension)).toBe(true);
      expect((await env.IMAGES.head(keyOf(url)))?.httpMetadata?.contentType).toBe(contentType);
    }
  });

  it("refuses an SVG with 415, even when declared as image/svg+xml or image/png", async () => {
    for (const type of ["image/svg+xml", "image/png"]) {
      const res = await uploadAs("admin", imageForm(svgBytes(), "logo.svg", type));
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({
        error: "unsupported_media_type",
        message: "Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded.",
      });
    }
  });

  it("refuses other files (HTML, text) with 415 and stores nothing", async () => {
    const before = await env.IMAGES.list();
    const res = await uploadAs(
      "admin",
      imageForm(new TextEncoder().encode("<html><script>x</script>"), "a.html", "text/html"),
    );
    expect(res.status).toBe(415);
    expect((await env.IMAGES.list()).objects.length).toBe(before.objects.length);
  });

  it("accepts an image of exactly 5 MB", async () => {
    const bytes = new Uint8Array(limits.imageBytes);
    bytes.set(pngBytes());
    const res = await uploadAs("admin", imageForm(bytes, "big.png", "image/png"));
    expect(res.status).toBe(201);
  });

  it("refuses an image over 5 MB with 413", async () => {
    const bytes = new Uint8Array(limits.imageBytes + 1);
    bytes.set(pngBytes());
    const res = await uploadAs("admin", imageForm(bytes, "big.png", "image/png"));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: "payload_too_large",
      message: "The image is larger than 5 MB.",
    });
  });

  it("refuses a declared Content-Length over the limit before reading the body", async () => {
    const body = multipartStream(limits.imageBytes * 4);
    const res = await request("/api/upload", {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(body.length),
        ...(await sessionHeaders("admin")),
      },
      body: body.stream,
    });
    expect(res.status).toBe(413);
    expect(body.sent()).toBeLessThan(1024 * 1024);
  });

  it("cuts off a chunked body without Content-Length with 413 while reading it", async () => {
    const body = multipartStream(limits.imageBytes * 4);
    const res = await request("/api/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", ...(await sessionHeaders("admin")) },
      body: body.stream,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: "payload_too_large",
      message: "The image is larger than 5 MB.",
    });
    expect(body.sent()).toBeLessThan(limits.imageBytes * 2);
  });

  it("answers 400 for a body that is not multipart", async () => {
    const res = await uploadAs("admin", "just text", { "Content-Type": "text/plain" });
    expect(res.status).toBe(400);
    expect((await res.json()) as object).toHaveProperty("error", "bad_request");
  });

  it("answers 400 for malformed multipart", async () => {
    const res = await uploadAs("admin", "--x\r\ngarbage without headers", {
      "Content-Type": "multipart/form-data; boundary=x",
    });
    expect(res.status).toBe(400);
    expect((await res.json()) as object).toHaveProperty("error", "bad_request");
  });

  it("answers 400 when the field 'image' is missing or not a file", async () => {
    const wrongField = await uploadAs("admin", imageForm(pngBytes(), "a.png", "image/png", "file"));
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toEqual({
      error: "bad_request",
      message: "Attach the image as a file in the field 'image'.",
    });
    const text = new FormData();
    text.append("image", "not a file");
    expect((await uploadAs("admin", text)).status).toBe(400);
  });

  it("answers 400 for an empty file", async () => {
    const res = await uploadAs("admin", imageForm(new Uint8Array(0), "a.png", "image/png"));
    expect(res.status).toBe(400);
  });
});
