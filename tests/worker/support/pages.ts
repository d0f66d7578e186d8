// Pages as the admin makes them: request bodies, pages created through the API, the table's size.
import { env } from "cloudflare:workers";
import type { Page, PageInput } from "#schema/api.ts";
import { sendJsonAs } from "./session";

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
  const res = await sendJsonAs("POST", "/api/pages", pageBody(overrides), "admin");
  if (res.status !== 201) throw new Error(`creating a page failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
}

export async function pageRowCount(): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from pages").first<{ n: number }>();
  return row?.n ?? 0;
}
