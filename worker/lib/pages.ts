// Content pages: reads that never show drafts to listeners, writes that store sanitized HTML
// with unique slugs, and the JSON export and all-or-nothing import of the page manager.
import { and, desc, eq, notInArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import type { Page, pageInput, pagesExport } from "#schema/api.ts";
import { pages } from "#schema/db.ts";
import type { Db } from "./db";
import { Refusal } from "./refusal";
import { sanitizeContent } from "./sanitize";

export type PageData = z.output<typeof pageInput>;
export type PagesDocument = z.output<typeof pagesExport>;
type PageRow = typeof pages.$inferSelect;

/** docs/product.md §3: 'false' and '' are drafts, whatever else is stored is published. */
const published = notInArray(pages.published, ["false", ""]);

function toPage(row: PageRow): Page {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function conflict(slug: string): Refusal {
  return new Refusal(409, `A page with the slug '${slug}' already exists`);
}

function pageNotFound(): Refusal {
  return new Refusal(404, "Page not found");
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed/i.test(e.message)) return true;
  }
  return false;
}

/** The content as stored: sanitized, and still required once unsafe markup is gone. */
function cleanContent(content: string): string | null {
  const clean = sanitizeContent(content);
  return clean === "" ? null : clean;
}

const emptyContentMessage = "Content is required (nothing was left after removing unsafe HTML)";

/** Newest first: the home page shows the first three as Recent Updates. */
export async function listPages(db: Db, { includeDrafts }: { includeDrafts: boolean }): Promise<Page[]> {
  const rows = await db
    .select()
    .from(pages)
    .where(includeDrafts ? undefined : published)
    .orderBy(desc(pages.createdAt), desc(pages.id));
  return rows.map(toPage);
}

export async function getPublishedPageBySlug(db: Db, slug: string): Promise<Page | null> {
  const row = await db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), published))
    .get();
  return row ? toPage(row) : null;
}

async function slugTakenByAnother(db: Db, slug: string, id: string | null): Promise<boolean> {
  const row = await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug)).get();
  return row !== undefined && row.id !== id;
}

export async function createPage(db: Db, input: PageData, now: number): Promise<Page> {
  const content = cleanContent(input.content);
  if (content === null) throw new Refusal(400, emptyContentMessage);
  if (await slugTakenByAnother(db, input.slug, null)) throw conflict(input.slug);
  try {
    const row = await db
      .insert(pages)
      .values({
        ...input,
        content,
        id: crypto.randomUUID(),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning()
      .get();
    return toPage(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(input.slug);
    throw err;
  }
}

/**
 * Updates every field but the id and createdAt. Uploaded images the page no longer uses are
 * kept: an export taken earlier may still name them (see docs/decisions/007).
 */
export async function updatePage(db: Db, id: string, input: PageData, now: number): Promise<Page> {
  const before = await db.select().from(pages).where(eq(pages.id, id)).get();
  if (!before) throw pageNotFound();
  const content = cleanContent(input.content);
  if (content === null) throw new Refusal(400, emptyContentMessage);
  if (await slugTakenByAnother(db, input.slug, id)) throw conflict(input.slug);
  let row: PageRow | undefined;
  try {
    row = await db
      .update(pages)
      .set({ ...input, content, updatedAt: new Date(now) })
      .where(eq(pages.id, id))
      .returning()
      .get();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(input.slug);
    throw err;
  }
  if (!row) throw pageNotFound();
  return toPage(row);
}

/** Deletes the page; its uploaded images stay, so an export imported later shows them again. */
export async function deletePage(db: Db, id: string): Promise<void> {
  const row = await db.delete(pages).where(eq(pages.id, id)).returning().get();
  if (!row) throw pageNotFound();
}

export async function exportPages(db: Db, now: number) {
  return {
    version: 1 as const,
    exportedAt: new Date(now).toISOString(),
    pages: await listPages(db, { includeDrafts: true }),
  };
}

/** "Page 3: Title is required" for the first problem of an import document. */
export function importValidationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The file is not a pages export";
  const [first, index] = issue.path;
  if (first === "pages" && typeof index === "number") return `Page ${index + 1}: ${issue.message}`;
  if (issue.path.length === 0 || first === "version") return issue.message;
  return `${issue.path.join(".")}: ${issue.message}`;
}

export class ImportError extends Error {}

/**
 * Upserts the document's pages by slug in one D1 batch, so either every page is written or
 * none is. Existing pages keep their id and createdAt; new pages keep the id and dates the
 * document gives them (an id already used by another page is replaced).
 */
export async function importPages(
  db: Db,
  doc: PagesDocument,
  now: number,
): Promise<{ created: number; updated: number }> {
  const contents = doc.pages.map((p, i) => {
    const content = cleanContent(p.content);
    if (content === null) throw new ImportError(`Page ${i + 1}: ${emptyContentMessage}`);
    return content;
  });
  const existing = await db.select({ id: pages.id, slug: pages.slug }).from(pages);
  const bySlug = new Map(existing.map((row) => [row.slug, row]));
  const usedIds = new Set(existing.map((row) => row.id));

  const statements: BatchItem<"sqlite">[] = [];
  let created = 0;
  let updated = 0;
  doc.pages.forEach((p, i) => {
    const { id, createdAt, updatedAt, ...fields } = p;
    const values = { ...fields, content: contents[i] as string };
    const current = bySlug.get(p.slug);
    if (current) {
      statements.push(
        db
          .update(pages)
          .set({ ...values, updatedAt: new Date(now) })
          .where(eq(pages.id, current.id)),
      );
      updated++;
    } else {
      const newId = id && !usedIds.has(id) ? id : crypto.randomUUID();
      usedIds.add(newId);
      statements.push(
        db.insert(pages).values({
          ...values,
          id: newId,
          createdAt: new Date(createdAt ? Date.parse(createdAt) : now),
          updatedAt: new Date(updatedAt ? Date.parse(updatedAt) : now),
        }),
      );
      created++;
    }
  });
  const [first, ...rest] = statements;
  if (!first) return { created, updated };
  try {
    await db.batch([first, ...rest]);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new Refusal(409, "Another change to the pages happened during the import; try again");
    }
    throw err;
  }
  return { created, updated };
}
