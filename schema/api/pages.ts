// Content pages: the editor's input, the stored page, image uploads, and the export document
// that an import reads back.
import { z } from "zod";
import { limits } from "../limits";
import { isPublished } from "../rules";
import { normalizeSlug } from "../slug";
import { optionalImageRef, optionalText, trimmed } from "./common";

export const pageInput = z.object({
  title: trimmed(limits.pageTitle, "Title is required"),
  slug: z
    .string({ error: "Slug is required" })
    .trim()
    .min(1, "Slug is required")
    .max(limits.pageSlug, `Slug must be at most ${limits.pageSlug} characters`)
    .transform(normalizeSlug)
    .pipe(z.string().min(1, "Slug must contain a letter or digit")),
  content: trimmed(limits.pageContent, "Content is required"),
  image: optionalImageRef,
  heroImageLight: optionalImageRef,
  heroImageDark: optionalImageRef,
  metaDescription: optionalText(limits.metaDescription),
  metaKeywords: optionalText(limits.metaKeywords),
  published: z
    .union([z.string().max(20), z.boolean()])
    .optional()
    .transform((v) => (v === undefined ? "true" : isPublished(v) ? "true" : "false")),
});
export type PageInput = z.input<typeof pageInput>;

export const page = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  heroImageLight: z.string().nullable(),
  heroImageDark: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  published: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Page = z.infer<typeof page>;

/** A page id as the server makes them (a UUID); anything else names no page. */
export const pageId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Invalid page id")
  .transform((v) => v.toLowerCase());

export const uploadResponse = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;

/** One import is one D1 batch; D1 bounds the statements of a batch. */
export const maxImportPages = 500;

const isoDate = z.iso.datetime({ offset: true, error: "Must be an ISO 8601 date and time" });

/** The export document; an import validates all of it before changing anything. */
export const pagesExport = z
  .object(
    {
      version: z.literal(1, { error: "Unsupported export version: expected version 1" }),
      exportedAt: z.string().optional(),
      pages: z
        .array(
          pageInput.extend({
            id: pageId.optional(),
            createdAt: isoDate.optional(),
            updatedAt: isoDate.optional(),
          }),
          { error: "The file must have a pages list" },
        )
        .max(maxImportPages, `At most ${maxImportPages} pages can be imported at once`),
    },
    { error: "The file is not a pages export" },
  )
  .superRefine((doc, ctx) => {
    const seenSlugs = new Set<string>();
    const seenIds = new Set<string>();
    doc.pages.forEach((p, i) => {
      if (seenSlugs.has(p.slug)) {
        ctx.addIssue({ code: "custom", path: ["pages", i, "slug"], message: `Duplicate slug '${p.slug}'` });
      }
      seenSlugs.add(p.slug);
      if (p.id !== undefined) {
        if (seenIds.has(p.id)) {
          ctx.addIssue({ code: "custom", path: ["pages", i, "id"], message: `Duplicate id '${p.id}'` });
        }
        seenIds.add(p.id);
      }
    });
  });
export type PagesExport = z.input<typeof pagesExport>;

export const importResponse = z.object({
  results: z.object({ created: z.number().int(), updated: z.number().int() }),
});
export type ImportResponse = z.infer<typeof importResponse>;
