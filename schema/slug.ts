// How slugs are stored, shared by the worker and the admin's page form. A module of its own: the
// listener bundle imports schema/rules.ts, and a rule there only the admin uses would ride along.

/** Lower-case a-z0-9 and single dashes, as slugs are stored. */
export function normalizeSlug(input: string): string {
  return input
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
