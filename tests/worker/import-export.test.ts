import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Page, PagesExport } from "#schema/api.ts";
import { uploadImage } from "./support/images";
import { createPageAsAdmin, pageBody, pageRowCount } from "./support/pages";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { getAs, sendJsonAs } from "./support/session";

beforeEach(() => clearTables("pages"));

type ExportDoc = { version: number; exportedAt: string; pages: Page[] };

async function exportAsAdmin(): Promise<{ res: Response; doc: ExportDoc }> {
  const res = await getAs("/api/pages/export", "admin");
  expect(res.status).toBe(200);
  return { res, doc: (await res.clone().json()) as ExportDoc };
}

const importAsAdmin = (doc: unknown) => sendJsonAs("POST", "/api/pages/import", doc, "admin");

async function allRows(): Promise<unknown[]> {
  return (await env.DB.prepare("select * from pages order by slug").all()).results;
}

function exportDoc(pages: PagesExport["pages"]): PagesExport {
  return { version: 1, exportedAt: new Date().toISOString(), pages };
}

describe("GET /api/pages/export", () => {
  it("answers every field of every page, drafts included, as an attachment named for the site and the date", async () => {
    const published = await createPageAsAdmin({
      slug: "about",
      image: "https://cdn.example/a.png",
      metaDescription: "d",
      metaKeywords: "k1, k2",
    });
    const draft = await createPageAsAdmin({ slug: "draft", published: "false" });
    const { res, doc } = await exportAsAdmin();
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="lounge-radio-pages-${today}.json"`,
    );
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(doc.version).toBe(1);
    expect(Date.parse(doc.exportedAt)).not.toBeNaN();
    expect(doc.pages).toHaveLength(2);
    expect(doc.pages).toEqual(expect.arrayContaining([published, draft]));
    expect(Object.keys(doc.pages[0] ?? {}).sort()).toEqual(
      [
        "content",
        "createdAt",
        "heroImageDark",
        "heroImageLight",
        "id",
        "image",
        "metaDescription",
        "metaKeywords",
        "published",
        "slug",
        "title",
        "updatedAt",
      ].sort(),
    );
  });

  it("is pretty-printed", async () => {
    await createPageAsAdmin();
    const { res } = await exportAsAdmin();
    expect(await res.text()).toContain('\n  "version": 1,');
  });
});

describe("POST /api/pages/import", () => {
  it("round-trips: export, import into an empty database, export again gives the same pages", async () => {
    await createPageAsAdmin({
      slug: "about",
      content: '<p>About <a href="https://example.com" target="_blank">us</a></p>',
      image: "/images/00000000-0000-4000-8000-000000000001.png",
      metaDescription: "About",
      metaKeywords: "a, b",
    });
    await createPageAsAdmin({
      slug: "draft",
      published: "false",
      heroImageDark: "https://cdn.example/d.png",
    });
    await createPageAsAdmin({ slug: "homepage-hero-settings", heroImageLight: "https://cdn.example/l.png" });
    const first = (await exportAsAdmin()).doc;
    const rowsBefore = await allRows();

    await clearTables("pages");
    const res = await importAsAdmin(first);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ results: { created: 3, updated: 0 } });

    const second = (await exportAsAdmin()).doc;
    expect(second.pages).toEqual(first.pages);
    expect(await allRows()).toEqual(rowsBefore);
  });

  it("upserts by slug: existing slugs are updated (keeping id and createdAt), new ones created", async () => {
    const existing = await createPageAsAdmin({ slug: "about", title: "Old title" });
    const res = await importAsAdmin(
      exportDoc([
        {
          ...pageBody({ slug: "About", title: "New title", content: "<p>new</p>" }),
          id: crypto.randomUUID(),
        },
        pageBody({ slug: "contact-info", published: "false" }),
      ]),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ results: { created: 1, updated: 1 } });
    const pages = (await (await getAs("/api/pages", "admin")).json()) as Page[];
    const about = pages.find((p) => p.slug === "about");
    expect(about).toMatchObject({
      id: existing.id,
      title: "New title",
      content: "<p>new</p>",
      createdAt: existing.createdAt,
    });
    expect(pages.find((p) => p.slug === "contact-info")?.published).toBe("false");
  });

  it("sanitizes content on import as on save", async () => {
    await importAsAdmin(
      exportDoc([pageBody({ slug: "x", content: '<p onmouseover="x()">Hi</p><script>alert(1)</script>' })]),
    );
    const row = await env.DB.prepare("select content from pages where slug = 'x'").first<{
      content: string;
    }>();
    expect(row?.content).toBe("<p>Hi</p>");
  });

  it("gives a new id to an imported page whose id another page already has", async () => {
    const existing = await createPageAsAdmin({ slug: "first" });
    const res = await importAsAdmin(exportDoc([{ ...pageBody({ slug: "second" }), id: existing.id }]));
    expect(res.status).toBe(200);
    const ids = ((await env.DB.prepare("select id from pages").all<{ id: string }>()).results ?? []).map(
      (r) => r.id,
    );
    expect(new Set(ids).size).toBe(2);
  });

  it("export, delete and import bring a page back with its uploaded image still served", async () => {
    const image = await uploadImage();
    const page = await createPageAsAdmin({ slug: "about", image });
    const { doc: exported } = await exportAsAdmin();
    await sendJsonAs("DELETE", `/api/pages/${page.id}`, undefined, "admin");
    expect((await importAsAdmin(exported)).status).toBe(200);
    const served = await request(image);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("answers 401 and 403 for non-admins and imports nothing", async () => {
    const doc = exportDoc([pageBody()]);
    expect((await sendJsonAs("POST", "/api/pages/import", doc, "anonymous")).status).toBe(401);
    expect((await sendJsonAs("POST", "/api/pages/import", doc, "user")).status).toBe(403);
    expect(await pageRowCount()).toBe(0);
  });

  const invalidDocuments: [string, unknown, string][] = [
    [
      "a wrong version",
      { version: 2, exportedAt: "x", pages: [] },
      "Unsupported export version: expected version 1",
    ],
    ["no version", { pages: [] }, "Unsupported export version: expected version 1"],
    ["a document that is not an object", [1, 2], "The file is not a pages export"],
    ["no pages list", { version: 1, exportedAt: "x" }, "The file must have a pages list"],
    [
      "a duplicate slug inside the document",
      exportDoc([pageBody({ slug: "same" }), pageBody({ slug: "valid" }), pageBody({ slug: "Same" })]),
      "Page 3: Duplicate slug 'same'",
    ],
    [
      "a page without a title",
      exportDoc([pageBody({ slug: "valid" }), { ...pageBody(), title: " " }]),
      "Page 2: Title is required",
    ],
    ["a page without a slug", exportDoc([{ ...pageBody(), slug: "" }]), "Page 1: Slug is required"],
    ["a page without content", exportDoc([{ ...pageBody(), content: "" }]), "Page 1: Content is required"],
    [
      "a page with a malformed id",
      exportDoc([{ ...pageBody(), id: "1; drop table pages" }]),
      "Page 1: Invalid page id",
    ],
    [
      "a page with a malformed date",
      exportDoc([{ ...pageBody(), createdAt: "yesterday" }]),
      "Page 1: Must be an ISO 8601 date and time",
    ],
    [
      "a page whose content is nothing but unsafe HTML",
      exportDoc([pageBody({ slug: "valid" }), pageBody({ content: "<script>alert(1)</script>" })]),
      "Page 2: Content is required",
    ],
  ];
  for (const [what, doc, message] of invalidDocuments) {
    it(`answers 400 naming the problem for ${what}, and changes nothing`, async () => {
      await createPageAsAdmin({ slug: "valid", title: "Untouched" });
      const before = await allRows();
      const res = await importAsAdmin(doc);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.message).toContain(message);
      expect(body.error).toBe(`Invalid import file: ${body.message}`);
      expect(await allRows()).toEqual(before);
    });
  }

  it("answers 400 for a body that is not JSON", async () => {
    const res = await importAsAdmin("{ definitely not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Invalid import file: the file is not valid JSON",
      message: "the file is not valid JSON",
    });
  });

  it("leaves the table as it was when the batch fails part-way", async () => {
    await createPageAsAdmin({ slug: "keep", title: "Kept" });
    const before = await allRows();
    // A trigger makes the second insert fail inside the batch, after the first one ran.
    await env.DB.exec(
      "create trigger fail_import before insert on pages when new.slug = 'boom' begin select raise(abort, 'boom'); end",
    );
    try {
      const res = await importAsAdmin(
        exportDoc([
          pageBody({ slug: "keep", title: "Changed" }),
          pageBody({ slug: "fine" }),
          pageBody({ slug: "boom" }),
        ]),
      );
      expect(res.status).toBe(500);
      expect(await allRows()).toEqual(before);
    } finally {
      await env.DB.exec("drop trigger fail_import");
    }
  });

  it("imports an empty pages list as nothing created and nothing updated", async () => {
    const res = await importAsAdmin(exportDoc([]));
    expect(await res.json()).toEqual({ results: { created: 0, updated: 0 } });
  });
});
