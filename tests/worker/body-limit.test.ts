// One body limit for every API call, enforced while the body streams in; the routes that take
// more (image upload, page save, pages import) keep their own, larger limits.
import { describe, expect, it } from "vitest";
import type { PagesExport } from "#schema/api.ts";
import { imageForm, pngBytes, uploadAs } from "./support/images";
import { pageBody } from "./support/pages";
import { postJson, request } from "./support/request";
import { sendJsonAs, sessionHeaders } from "./support/session";
import { anonymousId, uniqueIp } from "./support/unique";

const twoMegabytes = 2 * 1024 * 1024;

/** `total` bytes of `fill` after `head`, made on demand; `sent()` says how many were pulled. */
function chunkedBody(head: string, total: number, fill = "a") {
  const encoder = new TextEncoder();
  const chunk = encoder.encode(fill.repeat(16 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => {
      const start = encoder.encode(head);
      sent += start.length;
      controller.enqueue(start);
    },
    pull: (controller) => {
      if (sent >= total) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
  return { stream, sent: () => sent };
}

/** A POST whose body streams without Content-Length, as a chunked upload arrives. */
function postChunked(path: string, type: string, body: ReadableStream<Uint8Array>, headers = {}) {
  return request(path, {
    method: "POST",
    headers: { "Content-Type": type, Origin: "http://localhost", "CF-Connecting-IP": uniqueIp(), ...headers },
    body,
    duplex: "half",
    redirect: "manual",
  } as RequestInit);
}

async function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({
    error: "payload_too_large",
    message: "The request body is larger than 64 KB.",
  });
}

const favoriteBody = (title: string) => ({
  sessionId: anonymousId(),
  trackTitle: title,
  trackArtist: "Nightfall Quartet",
});

describe("the API body limit", () => {
  it("answers 413 JSON to a 2 MB JSON body to /api/contact, before validating it", async () => {
    await expectTooLarge(await postJson("/api/contact", { name: "Ada", message: "x".repeat(twoMegabytes) }));
  });

  it("answers 413 JSON to a 2 MB JSON body to /api/favorites", async () => {
    await expectTooLarge(await postJson("/api/favorites", favoriteBody("x".repeat(twoMegabytes))));
  });

  it("cuts off a chunked 2 MB POST to /api/auth/verify without reading it whole", async () => {
    const body = chunkedBody("token=", twoMegabytes);
    await expectTooLarge(
      await postChunked("/api/auth/verify", "application/x-www-form-urlencoded", body.stream),
    );
    expect(body.sent()).toBeLessThan(twoMegabytes / 2);
  });

  it("cuts off a chunked 2 MB JSON body to /api/favorites", async () => {
    const body = chunkedBody('{"sessionId":"', twoMegabytes);
    await expectTooLarge(await postChunked("/api/favorites", "application/json", body.stream));
    expect(body.sent()).toBeLessThan(twoMegabytes / 2);
  });

  it("lets a small body through, with or without Content-Length", async () => {
    const res = await postJson("/api/favorites", favoriteBody("Velvet Harbour"));
    expect(res.status).toBe(201);
    // A small chunked form post reaches the verify handler, which refuses the unknown token.
    const verify = await postChunked(
      "/api/auth/verify",
      "application/x-www-form-urlencoded",
      chunkedBody("token=", 100, "A").stream,
    );
    expect(verify.status).toBe(303);
    expect(verify.headers.get("location")).toBe("/?auth=error");
  });
});

describe("routes with their own, larger limits", () => {
  it("still take an image of 1 MB, also sent chunked", async () => {
    const bytes = new Uint8Array(1024 * 1024);
    bytes.set(pngBytes());
    expect((await uploadAs("admin", imageForm(bytes, "big.png", "image/png"))).status).toBe(201);
    const head =
      '--x\r\nContent-Disposition: form-data; name="image"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\nGIF89a';
    const chunked = await postChunked(
      "/api/upload",
      "multipart/form-data; boundary=x",
      chunkedBody(head, 1024 * 1024).stream.pipeThrough(appendText("\r\n--x--\r\n")),
      await sessionHeaders("admin"),
    );
    expect(chunked.status).toBe(201);
  });

  it("refuse an anonymous chunked upload without reading it", async () => {
    const body = chunkedBody("--x\r\n", 8 * 1024 * 1024);
    const res = await postChunked("/api/upload", "multipart/form-data; boundary=x", body.stream);
    expect(res.status).toBe(401);
    expect(body.sent()).toBeLessThan(1024 * 1024);
  });

  it("still save a page of 190,000 characters", async () => {
    const res = await sendJsonAs(
      "POST",
      "/api/pages",
      pageBody({ content: "<p>x</p>".repeat(23_750) }),
      "admin",
    );
    expect(res.status).toBe(201);
  });

  it("still import a realistic export of several long pages (over 2 MB)", async () => {
    const marker = crypto.randomUUID().slice(0, 8);
    const content = `<p>${"Long read about the station's history. ".repeat(5_000)}</p>`;
    const doc: PagesExport = {
      version: 1,
      exportedAt: new Date().toISOString(),
      pages: Array.from({ length: 12 }, (_, i) => pageBody({ slug: `import-${marker}-${i}`, content })),
    };
    expect(JSON.stringify(doc).length).toBeGreaterThan(twoMegabytes);
    const res = await sendJsonAs("POST", "/api/pages/import", doc, "admin");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ results: { created: 12, updated: 0 } });
  });

  it("refuse an import file over its own limit with 413", async () => {
    const res = await sendJsonAs("POST", "/api/pages/import", "x".repeat(10 * 1024 * 1024 + 1), "admin");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: "payload_too_large",
      message: "The import file is too large.",
    });
  });
});

/** Appends `text` when the stream ends (the multipart closing boundary). */
function appendText(text: string) {
  return new TransformStream<Uint8Array, Uint8Array>({
    flush: (controller) => controller.enqueue(new TextEncoder().encode(text)),
  });
}
