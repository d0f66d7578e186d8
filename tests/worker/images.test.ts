import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Page } from "#schema/api.ts";
import { jpegBytes, keyOf, pngBytes, uploadImage } from "./support/images";
import { createPageAsAdmin, pageBody } from "./support/pages";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { sendJsonAs } from "./support/session";

describe("GET /images/:key", () => {
  it("serves an uploaded PNG byte-identical with its type, nosniff, an immutable cache lifetime and an ETag", async () => {
    const url = await uploadImage(pngBytes());
    const res = await request(url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pngBytes());
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-disposition")).toBe("inline");
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
  });

  it("serves a JPEG as image/jpeg", async () => {
    const url = await uploadImage(jpegBytes());
    const res = await request(url);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpegBytes());
  });

  it("answers 304 without a body when If-None-Match carries the ETag", async () => {
    const url = await uploadImage();
    const etag = (await request(url)).headers.get("etag") ?? "";
    const res = await request(url, { headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(etag);
    expect(await res.text()).toBe("");
    const other = await request(url, { headers: { "If-None-Match": '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("ignores an If-None-Match that is not an ETag list, and serves the image", async () => {
    const url = await uploadImage();
    for (const header of ["abc", '"', "W/", '"a" "b"', "~"]) {
      const res = await request(url, { headers: { "If-None-Match": header } });
      expect(res.status, header).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
    }
  });

  it("answers a JSON 404 for a missing key", async () => {
    const res = await request("/images/00000000-0000-4000-8000-000000000000.png");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "not_found", message: "Image not found" });
  });

  it("answers a JSON 404 for a malformed key, without touching R2", async () => {
    await env.IMAGES.put("not-an-upload.txt", "secret");
    for (const path of ["/images/not-an-upload.txt", "/images/..%2Fx", "/images/a/b", "/images/"]) {
      const res = await request(path);
      expect(res.status).toBe(404);
      expect((await res.json()) as object).toHaveProperty("error", "not_found");
    }
  });
});

describe("GET /images/small/:key (ADR 062)", () => {
  it("serves a cover's small copy for good, and the image itself for a day when it has none", async () => {
    const url = await uploadImage(pngBytes());
    const key = keyOf(url);
    const fallback = await request(`/images/small/${key}`);
    expect(fallback.status).toBe(200);
    expect(new Uint8Array(await fallback.arrayBuffer())).toEqual(pngBytes());
    expect(fallback.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(fallback.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = fallback.headers.get("etag") ?? "";
    expect((await request(`/images/small/${key}`, { headers: { "If-None-Match": etag } })).status).toBe(304);

    await env.IMAGES.put(`covers-small/${key}`, jpegBytes(), { httpMetadata: { contentType: "image/jpeg" } });
    // The browser's copy of the fallback is not the small one: it gets the small one whole.
    const small = await request(`/images/small/${key}`, { headers: { "If-None-Match": etag } });
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/jpeg");
    expect(small.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await small.arrayBuffer())).toEqual(jpegBytes());
    // The image's own URL still serves the image.
    expect(new Uint8Array(await (await request(url)).arrayBuffer())).toEqual(pngBytes());
  });

  it("answers a JSON 404 for a missing or malformed key, and reaches nothing outside the small copies", async () => {
    await env.IMAGES.put("covers-small/not-an-upload.txt", "secret");
    for (const path of [
      "/images/small/00000000-0000-4000-8000-000000000000.png",
      "/images/small/not-an-upload.txt",
      "/images/small/..%2Fnot-an-upload.txt",
      "/images/small/",
      "/images/small/a/b",
    ]) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()) as object).toHaveProperty("error", "not_found");
    }
  });
});

describe("images of pages", () => {
  beforeEach(() => clearTables("pages"));

  const exists = async (url: string) => (await env.IMAGES.head(keyOf(url))) !== null;

  it("deleting a page keeps its uploaded images, so an export imported later shows them again", async () => {
    const image = await uploadImage();
    const hero = await uploadImage();
    const page = await createPageAsAdmin({ image, heroImageLight: hero });
    const res = await sendJsonAs("DELETE", `/api/pages/${page.id}`, undefined, "admin");
    expect(res.status).toBe(200);
    expect(await exists(image)).toBe(true);
    expect(await exists(hero)).toBe(true);
  });

  it("replacing a page's image keeps the old object, which an earlier export may still name", async () => {
    const old = await uploadImage();
    const next = await uploadImage();
    const page = await createPageAsAdmin({ image: old });
    const res = await sendJsonAs(
      "PUT",
      `/api/pages/${page.id}`,
      pageBody({ slug: page.slug, image: next }),
      "admin",
    );
    expect(((await res.json()) as Page).image).toBe(next);
    expect(await exists(old)).toBe(true);
    expect(await exists(next)).toBe(true);
  });

  it("moving an image from one field of a page to another keeps it", async () => {
    const image = await uploadImage();
    const page = await createPageAsAdmin({ slug: "homepage-hero-settings", heroImageLight: image });
    await sendJsonAs(
      "PUT",
      `/api/pages/${page.id}`,
      pageBody({ slug: page.slug, heroImageDark: image }),
      "admin",
    );
    expect(await exists(image)).toBe(true);
  });

  it("leaves external image URLs alone", async () => {
    const page = await createPageAsAdmin({ image: "https://cdn.example/a.png" });
    const res = await sendJsonAs("DELETE", `/api/pages/${page.id}`, undefined, "admin");
    expect(res.status).toBe(200);
  });
});
