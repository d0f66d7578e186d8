// Factories for the content API tests: sessions by role, page bodies, image bytes.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import type { Page, PageInput } from "../../schema/api";
import { getDb } from "../../worker/lib/db";
import { createSession } from "../../worker/lib/session";

export type Role = "anonymous" | "user" | "admin";

export const request = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://localhost${path}`, init));

/** A Cookie header for a fresh session of the role ({} when anonymous). */
export async function sessionHeaders(role: Role): Promise<Record<string, string>> {
  if (role === "anonymous") return {};
  const id = role === "admin" ? "admin" : `user-${crypto.randomUUID()}`;
  await env.DB.prepare("insert or ignore into users (id, email) values (?, ?)")
    .bind(id, `${id}@example.com`)
    .run();
  const { token } = await createSession(getDb(env.DB), id, Date.now());
  return { Cookie: `lr_session=${token}` };
}

export async function sendJson(method: string, path: string, body: unknown, role: Role): Promise<Response> {
  return request(path, {
    method,
    headers: { "Content-Type": "application/json", ...(await sessionHeaders(role)) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function getAs(
  path: string,
  role: Role,
  headers: Record<string, string> = {},
): Promise<Response> {
  return request(path, { headers: { ...headers, ...(await sessionHeaders(role)) } });
}

let pageCounter = 0;

export function pageBody(overrides: Partial<PageInput> = {}): PageInput {
  pageCounter++;
  return {
    title: `Page ${pageCounter}`,
    slug: `page-${pageCounter}`,
    content: `<p>Content of page ${pageCounter}</p>`,
    published: "true",
    ...overrides,
  };
}

export async function createPageAsAdmin(overrides: Partial<PageInput> = {}): Promise<Page> {
  const res = await sendJson("POST", "/api/pages", pageBody(overrides), "admin");
  if (res.status !== 201) throw new Error(`creating a page failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
}

export async function pageRowCount(): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from pages").first<{ n: number }>();
  return row?.n ?? 0;
}

export async function clearPages(): Promise<void> {
  await env.DB.prepare("delete from pages").run();
}

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

export const keyOf = (url: string) => url.replace(/^\/images\//, "");
