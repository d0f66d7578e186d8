// The local admin (docs/operations.md: admin / lounge-admin) from the test's side: logging in on /pb in the
// browser, and setting up content through the API where a spec only needs a page to exist.
import type { Page as BrowserPage } from "playwright-core";
import { inject } from "vitest";
import type { Page, PageInput } from "#schema/api.ts";
import { whenHydrated } from "./browser.ts";

export const adminCredentials = { username: "admin", password: "lounge-admin" } as const;

/** A slug no other test uses: `prefix-<time>-<random>`. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Logs in through the 'Admin Login' form on /pb; resolves once 'Content Management' shows. */
export async function loginOnAdminScreen(page: BrowserPage): Promise<void> {
  await page.goto("/pb");
  const form = page.getByRole("form", { name: "Admin Login" });
  await whenHydrated(form.getByRole("button", { name: "Login" }));
  await form.getByLabel("Password").fill(adminCredentials.password);
  await form.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { level: 1, name: "Content Management" }).waitFor();
}

async function checked(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** A session cookie of the admin, from POST /api/auth/login (no browser involved). */
async function adminCookie(baseUrl: string): Promise<string> {
  const res = await checked(
    await fetch(`${baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl },
      body: JSON.stringify(adminCredentials),
    }),
    "POST /api/auth/login",
  );
  const cookie = res.headers.getSetCookie()[0]?.split(";")[0];
  if (!cookie) throw new Error("the admin login set no session cookie");
  return cookie;
}

/** Creates a page as the admin through the API (for specs that only need one to exist). */
export async function createPageThroughApi(input: PageInput): Promise<Page> {
  const baseUrl = inject("baseUrl");
  const cookie = await adminCookie(baseUrl);
  const res = await checked(
    await fetch(`${baseUrl}/api/pages`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl, Cookie: cookie },
      body: JSON.stringify(input),
    }),
    "POST /api/pages",
  );
  return (await res.json()) as Page;
}
