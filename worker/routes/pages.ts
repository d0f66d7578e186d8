import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { adminUserId, normalizeSlug, pageId, pageInput, pagesExport } from "#schema/api.ts";
import { station } from "#schema/station.ts";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { requireAdmin } from "../http/session";
import { validate } from "../http/validate";
import { getDb } from "../lib/db";
import {
  createPage,
  deletePage,
  exportPages,
  getPublishedPageBySlug,
  ImportError,
  importPages,
  importValidationMessage,
  listPages,
  updatePage,
} from "../lib/pages";

/** A page body is at most ~200k characters of content plus short fields, JSON-escaped. */
const pageBodyLimit = bodyLimit({
  maxSize: 2 * 1024 * 1024,
  onError: (c) => jsonError(c, 413, "The page is too large."),
});

/**
 * 10 MB holds ~50 pages at the full 200,000 characters or all 500 pages at ~20 KB each. At its
 * peak an import holds the bytes, their decoded text and the parsed pages (text up to twice the
 * bytes for non-Latin scripts) and the D1 batch's copy: about 6x the body. 10 MB stays well
 * inside a Worker's 128 MB of memory; 32 MB could exceed it and fail as a 500.
 */
const importBodyLimit = bodyLimit({
  maxSize: 10 * 1024 * 1024,
  onError: (c) => jsonError(c, 413, "The import file is too large."),
});

/** Import errors carry readable text in `error` too: the page manager shows it as is. */
function importFailed(message: string) {
  return { error: `Invalid import file: ${message}`, message };
}

function idParam(raw: string): string | null {
  const parsed = pageId.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const pages = new Hono<AppEnv>()
  .get("/", async (c) => {
    const includeDrafts = c.var.user?.id === adminUserId;
    return c.json(await listPages(getDb(c.env.DB), { includeDrafts }));
  })
  .get("/by-slug/:slug", async (c) => {
    const page = await getPublishedPageBySlug(getDb(c.env.DB), normalizeSlug(c.req.param("slug")));
    if (!page) return jsonError(c, 404, "Page not found");
    return c.json(page);
  })
  .get("/export", requireAdmin, async (c) => {
    const now = Date.now();
    const doc = await exportPages(getDb(c.env.DB), now);
    const date = new Date(now).toISOString().slice(0, 10);
    const filename = `${normalizeSlug(station.name)}-pages-${date}.json`;
    return c.body(`${JSON.stringify(doc, null, 2)}\n`, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    });
  })
  .post("/import", requireAdmin, importBodyLimit, async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json(importFailed("the file is not valid JSON"), 400);
    }
    const parsed = pagesExport.safeParse(body);
    if (!parsed.success) return c.json(importFailed(importValidationMessage(parsed.error)), 400);
    try {
      const results = await importPages(getDb(c.env.DB), parsed.data, Date.now());
      return c.json({ results });
    } catch (err) {
      if (err instanceof ImportError) return c.json(importFailed(err.message), 400);
      throw err;
    }
  })
  .post("/", requireAdmin, pageBodyLimit, validate("json", pageInput), async (c) => {
    const page = await createPage(getDb(c.env.DB), c.req.valid("json"), Date.now());
    return c.json(page, 201);
  })
  .put("/:id", requireAdmin, pageBodyLimit, validate("json", pageInput), async (c) => {
    const id = idParam(c.req.param("id"));
    if (!id) return jsonError(c, 404, "Page not found");
    const page = await updatePage(getDb(c.env.DB), id, c.req.valid("json"), Date.now());
    return c.json(page);
  })
  .delete("/:id", requireAdmin, async (c) => {
    const id = idParam(c.req.param("id"));
    if (!id) return jsonError(c, 404, "Page not found");
    await deletePage(getDb(c.env.DB), id);
    return c.json({ ok: true as const });
  });
