import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Page } from "#schema/api.ts";
import { createPageAsAdmin, pageBody, pageRowCount } from "./support/pages";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { getAs, type Role, sendJsonAs } from "./support/session";

beforeEach(() => clearTables("pages"));

const unknownId = "00000000-0000-4000-8000-000000000000";

async function insertRawPage(slug: string, published: string, createdAt = Date.now()): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "insert into pages (id, title, slug, content, published, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, `Title ${slug}`, slug, "<p>x</p>", published, createdAt, createdAt)
    .run();
  return id;
}

describe("admin-only page calls", () => {
  const calls: [string, (role: Role) => Promise<Response>][] = [
    ["POST /api/pages", (role) => sendJsonAs("POST", "/api/pages", pageBody(), role)],
    ["PUT /api/pages/:id", (role) => sendJsonAs("PUT", `/api/pages/${unknownId}`, pageBody(), role)],
    ["DELETE /api/pages/:id", (role) => sendJsonAs("DELETE", `/api/pages/${unknownId}`, undefined, role)],
    ["GET /api/pages/export", (role) => getAs("/api/pages/export", role)],
    [
      "POST /api/pages/import",
      (role) => sendJsonAs("POST", "/api/pages/import", { version: 1, exportedAt: "x", pages: [] }, role),
    ],
  ];

  for (const [name, call] of calls) {
    it(`${name} answers 401 when not logged in`, async () => {
      const res = await call("anonymous");
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "unauthorized", message: "Log in as the admin first." });
    });

    it(`${name} answers 403 for a logged-in user who is not the admin`, async () => {
      const res = await call("user");
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "forbidden", message: "Only the admin may do this." });
    });
  }

  it("changes nothing for a non-admin", async () => {
    await sendJsonAs("POST", "/api/pages", pageBody(), "user");
    await sendJsonAs("POST", "/api/pages", pageBody(), "anonymous");
    expect(await pageRowCount()).toBe(0);
  });
});

describe("POST /api/pages", () => {
  it("creates a page as the admin and answers it with ISO dates", async () => {
    const before = Date.now();
    const res = await sendJsonAs(
      "POST",
      "/api/pages",
      {
        title: "  About us ",
        slug: " About Us! ",
        content: " <p>Hello</p> ",
        image: "/images/00000000-0000-4000-8000-000000000001.png",
        heroImageLight: "",
        heroImageDark: null,
        metaDescription: "About the station",
        metaKeywords: "lounge, radio",
        published: "true",
      },
      "admin",
    );
    expect(res.status).toBe(201);
    const page = (await res.json()) as Page;
    expect(page).toMatchObject({
      title: "About us",
      slug: "about-us",
      content: "<p>Hello</p>",
      image: "/images/00000000-0000-4000-8000-000000000001.png",
      heroImageLight: null,
      heroImageDark: null,
      metaDescription: "About the station",
      metaKeywords: "lounge, radio",
      published: "true",
    });
    expect(page.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(page.createdAt)).toBeGreaterThanOrEqual(before);
    expect(page.updatedAt).toBe(page.createdAt);
    expect(page.createdAt).toBe(new Date(page.createdAt).toISOString());
  });

  it("defaults a new page to published 'true' and stores false-like flags as 'false'", async () => {
    const { published: _omit, ...withoutFlag } = pageBody();
    const res = await sendJsonAs("POST", "/api/pages", withoutFlag, "admin");
    expect(((await res.json()) as Page).published).toBe("true");
    for (const flag of ["false", "", false] as const) {
      const draft = await createPageAsAdmin({ published: flag });
      expect(draft.published).toBe("false");
    }
  });

  it("stores content without a <script> and without event handlers", async () => {
    const page = await createPageAsAdmin({
      content:
        '<p onclick="steal()">Hi</p><script>alert(document.cookie)</script><a href="javascript:x()">l</a>',
    });
    expect(page.content).toBe('<p>Hi</p><a rel="noopener noreferrer">l</a>');
    const row = await env.DB.prepare("select content from pages where id = ?")
      .bind(page.id)
      .first<{ content: string }>();
    expect(row?.content).toBe(page.content);
  });

  it("refuses content that is nothing but unsafe HTML", async () => {
    const res = await sendJsonAs(
      "POST",
      "/api/pages",
      pageBody({ content: "<script>alert(1)</script>" }),
      "admin",
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Content is required/);
    expect(await pageRowCount()).toBe(0);
  });

  const requiredCases: [string, Record<string, unknown>, string][] = [
    ["a missing title", { title: undefined }, "Title is required"],
    ["a blank title", { title: "   " }, "Title is required"],
    ["a missing slug", { slug: undefined }, "Slug is required"],
    ["a blank slug", { slug: "  " }, "Slug is required"],
    ["missing content", { content: undefined }, "Content is required"],
    ["blank content", { content: " \n " }, "Content is required"],
    ["a slug without letters or digits", { slug: "!!!" }, "Slug must contain a letter or digit"],
    ["a too long title", { title: "t".repeat(201) }, "Must be at most 200 characters"],
    ["a too long slug", { slug: "s".repeat(121) }, "Slug must be at most 120 characters"],
    ["a too long meta description", { metaDescription: "m".repeat(501) }, "Must be at most 500 characters"],
    [
      "an image that is not a URL",
      { image: "javascript:alert(1)" },
      "Must be an http(s) URL or an uploaded /images/ path",
    ],
  ];
  for (const [what, overrides, message] of requiredCases) {
    it(`answers 400 '${message}' for ${what}`, async () => {
      const res = await sendJsonAs("POST", "/api/pages", { ...pageBody(), ...overrides }, "admin");
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "invalid_request", message });
      expect(await pageRowCount()).toBe(0);
    });
  }

  it("answers 409 with a clear message when the normalised slug is taken", async () => {
    await createPageAsAdmin({ slug: "about-us" });
    const res = await sendJsonAs("POST", "/api/pages", pageBody({ slug: "About US" }), "admin");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "conflict",
      message: "A page with the slug 'about-us' already exists",
    });
    expect(await pageRowCount()).toBe(1);
  });

  it("answers 400, not 500, for malformed JSON", async () => {
    const res = await sendJsonAs("POST", "/api/pages", "{ not json", "admin");
    expect(res.status).toBe(400);
    expect((await res.json()) as object).toHaveProperty("error", "bad_request");
  });

  it("answers 413 for a body beyond the page size limit", async () => {
    const res = await sendJsonAs(
      "POST",
      "/api/pages",
      pageBody({ content: "x".repeat(3 * 1024 * 1024) }),
      "admin",
    );
    expect(res.status).toBe(413);
    expect((await res.json()) as object).toHaveProperty("error", "payload_too_large");
  });
});

describe("PUT /api/pages/:id", () => {
  it("updates every field, keeps createdAt and sets updatedAt", async () => {
    const page = await createPageAsAdmin({ slug: "old" });
    await new Promise((r) => setTimeout(r, 5));
    const res = await sendJsonAs(
      "PUT",
      `/api/pages/${page.id}`,
      pageBody({
        title: "New",
        slug: "New Slug",
        content: "<h2>New</h2>",
        published: "false",
        metaKeywords: "a,b",
      }),
      "admin",
    );
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Page;
    expect(updated).toMatchObject({
      id: page.id,
      title: "New",
      slug: "new-slug",
      content: "<h2>New</h2>",
      published: "false",
      metaKeywords: "a,b",
      createdAt: page.createdAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(page.updatedAt));
  });

  it("sanitizes content on update too", async () => {
    const page = await createPageAsAdmin();
    const res = await sendJsonAs(
      "PUT",
      `/api/pages/${page.id}`,
      pageBody({ slug: page.slug, content: "<p>ok</p><img src=x onerror=alert(1)>" }),
      "admin",
    );
    expect(((await res.json()) as Page).content).toBe("<p>ok</p>");
  });

  it("keeps its own slug without a clash", async () => {
    const page = await createPageAsAdmin({ slug: "same" });
    const res = await sendJsonAs(
      "PUT",
      `/api/pages/${page.id}`,
      pageBody({ slug: "same", title: "T2" }),
      "admin",
    );
    expect(res.status).toBe(200);
  });

  it("answers 409 when moving to another page's slug", async () => {
    await createPageAsAdmin({ slug: "taken" });
    const page = await createPageAsAdmin({ slug: "mine" });
    const res = await sendJsonAs("PUT", `/api/pages/${page.id}`, pageBody({ slug: "Taken" }), "admin");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "conflict",
      message: "A page with the slug 'taken' already exists",
    });
  });

  it("answers 404 for an unknown id and for a malformed id", async () => {
    for (const id of [unknownId, "not-a-uuid", "1%27%20or%201%3D1"]) {
      const res = await sendJsonAs("PUT", `/api/pages/${id}`, pageBody(), "admin");
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "not_found", message: "Page not found" });
    }
    expect(await pageRowCount()).toBe(0);
  });

  it("answers 400 'Title is required' for an update without a title", async () => {
    const page = await createPageAsAdmin();
    const res = await sendJsonAs("PUT", `/api/pages/${page.id}`, { ...pageBody(), title: "" }, "admin");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_request", message: "Title is required" });
  });
});

describe("DELETE /api/pages/:id", () => {
  it("deletes the page", async () => {
    const page = await createPageAsAdmin();
    const res = await sendJsonAs("DELETE", `/api/pages/${page.id}`, undefined, "admin");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await pageRowCount()).toBe(0);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    await createPageAsAdmin();
    for (const id of [unknownId, "nope"]) {
      const res = await sendJsonAs("DELETE", `/api/pages/${id}`, undefined, "admin");
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "not_found", message: "Page not found" });
    }
    expect(await pageRowCount()).toBe(1);
  });
});

describe("GET /api/pages", () => {
  it("sends drafts to nobody but the admin", async () => {
    await createPageAsAdmin({ slug: "public" });
    await createPageAsAdmin({ slug: "draft", published: "false" });
    await insertRawPage("empty-flag", "");
    await insertRawPage("yes-flag", "yes");
    for (const role of ["anonymous", "user"] as const) {
      const res = await getAs("/api/pages", role);
      expect(res.status).toBe(200);
      const slugs = ((await res.json()) as Page[]).map((p) => p.slug).sort();
      expect(slugs).toEqual(["public", "yes-flag"]);
    }
    const admin = (await (await getAs("/api/pages", "admin")).json()) as Page[];
    expect(admin.map((p) => p.slug).sort()).toEqual(["draft", "empty-flag", "public", "yes-flag"]);
  });

  it("lists the newest page first", async () => {
    const now = Date.now();
    await insertRawPage("oldest", "true", now - 3000);
    await insertRawPage("newest", "true", now);
    await insertRawPage("middle", "true", now - 1000);
    const pages = (await (await request("/api/pages")).json()) as Page[];
    expect(pages.map((p) => p.slug)).toEqual(["newest", "middle", "oldest"]);
  });
});

describe("GET /api/pages/by-slug/:slug", () => {
  it("answers a published page", async () => {
    const page = await createPageAsAdmin({ slug: "about" });
    const res = await request("/api/pages/by-slug/about");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(page);
  });

  it("answers 404 for a draft, to the admin as well as to everyone else", async () => {
    await createPageAsAdmin({ slug: "secret", published: "false" });
    for (const role of ["anonymous", "user", "admin"] as const) {
      const res = await getAs("/api/pages/by-slug/secret", role);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "not_found", message: "Page not found" });
    }
  });

  it("answers 404 for an unknown slug", async () => {
    const res = await request("/api/pages/by-slug/nothing-here");
    expect(res.status).toBe(404);
  });
});
