// Journey 5: the admin manages content pages on /pb (docs/product.md §2, §4, §5, §6): log in with the
// local credentials, create a page with a hero image and a <script> in its content, see it
// published without the script, edit it through /pb?edit=<id>, export, delete, import, and find
// it back in the home page's Recent Updates. A logged-out visitor gets only the login form.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { PagesExport } from "#schema/api.ts";
import { adminCredentials, loginOnAdminScreen, uniqueSlug } from "./support/admin.ts";
import { setupBrowser, whenHydrated } from "./support/browser.ts";
import { solidPng } from "./support/png.ts";
import { openScreen, toastText } from "./support/site.ts";

const browser = setupBrowser();
const downloads = mkdtempSync(join(tmpdir(), "e2e-admin-"));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

/** The card of a page in the 'All Pages' list. */
const pageCard = (page: Page, title: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });

/** What a listener gets from GET /api/pages/by-slug/<slug>: the page, or null for a 404. */
async function publishedPage(slug: string): Promise<{ id: string; title: string } | null> {
  const res = await fetch(`${browser.baseUrl}/api/pages/by-slug/${slug}`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET /api/pages/by-slug/${slug} answered ${res.status}`);
  return (await res.json()) as { id: string; title: string };
}

describe("the admin on /pb", () => {
  it("shows a logged-out visitor only the 'Admin Login' form", async () => {
    const { page } = browser;
    await openScreen(page, "/pb", "Admin Login");
    const form = page.getByRole("form", { name: "Admin Login" });
    expect(await form.getByLabel("Username").inputValue()).toBe(adminCredentials.username);
    expect(await form.getByLabel("Password").inputValue()).toBe("");
    expect(await form.getByRole("button", { name: "Login" }).isVisible()).toBe(true);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { name: "Content Management" }).count()).toBe(0);
    for (const name of ["Download JSON", "Upload JSON", "New Page", "Logout"]) {
      expect(await main.getByRole("button", { name }).count(), `no ${name} button`).toBe(0);
    }
    expect(await main.getByRole("heading", { name: "All Pages" }).count()).toBe(0);
  });

  it("refuses a wrong password with 'Login failed' and stays on the login form", async () => {
    const { page } = browser;
    await page.goto("/pb");
    const form = page.getByRole("form", { name: "Admin Login" });
    await whenHydrated(form.getByRole("button", { name: "Login" }));
    await form.getByLabel("Password").fill("not-the-password");
    await form.getByRole("button", { name: "Login" }).click();
    await toastText(page, "Login failed").waitFor();
    await toastText(page, "Invalid username or password").waitFor();
    expect(await form.isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Content Management" }).count()).toBe(0);
  });

  it("creates, publishes, edits, exports, deletes and imports a page with a hero image", async () => {
    const { page } = browser;
    const slug = uniqueSlug("e2e-admin");
    const title = `Admin journey ${slug}`;
    const editedTitle = `${title} (edited)`;
    const content = "<p>Hello from the admin journey</p><script>window.__pwned = true</script>";

    await loginOnAdminScreen(page);
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 2, name: "All Pages" }).waitFor();

    // Create, with a hero image uploaded from the form.
    await main.getByRole("button", { name: "New Page" }).click();
    const createForm = page.getByRole("form", { name: "Create New Page" });
    await createForm.getByLabel("Title").fill(title);
    await createForm.getByLabel("URL Slug").fill(slug);
    await createForm.getByLabel("Content").fill(content);
    const description = "A page made by the end-to-end admin journey.";
    await createForm.getByLabel("Meta Description (SEO)").fill(description);
    await createForm.getByText(`${description.length}/155 karakters`, { exact: true }).waitFor();
    await createForm.getByLabel("Hero Image (optional)").setInputFiles({
      name: "hero.png",
      mimeType: "image/png",
      buffer: solidPng(64, 32, [200, 120, 40]),
    });
    await toastText(page, "Image uploaded successfully").waitFor();
    const preview = createForm.getByRole("img", { name: "Hero Image (optional) preview" });
    await preview.waitFor();
    const heroSrc = await preview.getAttribute("src");
    expect(heroSrc).toMatch(/^\/images\/[A-Za-z0-9._-]+$/);
    // The live preview renders the draft in a sandboxed frame: the script does not run here either.
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await createForm.getByRole("switch", { name: "Published" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    await createForm.getByRole("button", { name: "Create Page" }).click();
    await toastText(page, "Page created successfully").waitFor();
    await createForm.waitFor({ state: "detached" });
    const card = pageCard(page, title);
    await card.waitFor();
    await card.getByText(`/${slug}`, { exact: true }).waitFor();
    await card.getByText("Published", { exact: true }).waitFor();

    // Published at /page/<slug>: title, text and hero image, and the script neither kept nor run.
    const created = await publishedPage(slug);
    expect(created?.title).toBe(title);
    const id = created?.id ?? "";
    await page.goto(`/page/${slug}`);
    const article = page.getByRole("article");
    await article.getByRole("heading", { level: 1, name: title }).waitFor();
    await article.getByText("Hello from the admin journey", { exact: true }).waitFor();
    const hero = article.locator("img.page-hero");
    expect(await hero.getAttribute("src")).toBe(heroSrc);
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        message: "the hero image loads",
      })
      .toBe(64);
    expect(await article.locator("script").count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.evaluate(() => document.documentElement.outerHTML.includes("__pwned"))).toBe(false);

    // Edit through /pb?edit=<id>, from the page's own edit button.
    const editLink = article.getByRole("link", { name: "Edit page" });
    expect(await editLink.getAttribute("href")).toBe(`/pb?edit=${id}`);
    await editLink.click();
    await toastText(page, "Editing page").waitFor();
    await toastText(page, title).waitFor();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe("/pb");
    const editForm = page.getByRole("form", { name: "Edit Page" });
    await editForm.waitFor();
    expect(await editForm.getByLabel("Title").inputValue()).toBe(title);
    expect(await editForm.getByLabel("URL Slug").inputValue()).toBe(slug);
    // What was stored is the sanitized HTML.
    expect(await editForm.getByLabel("Content").inputValue()).not.toContain("<script");
    expect(
      await editForm.getByRole("img", { name: "Hero Image (optional) preview" }).getAttribute("src"),
    ).toBe(heroSrc);
    await editForm.getByLabel("Title").fill(editedTitle);
    await editForm.getByRole("button", { name: "Update Page" }).click();
    await toastText(page, "Page updated successfully").waitFor();
    await editForm.waitFor({ state: "detached" });
    await pageCard(page, editedTitle).waitFor();
    expect((await publishedPage(slug))?.title).toBe(editedTitle);

    // Export: Download JSON saves every page as a pretty-printed file.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-pages-\d{4}-\d{2}-\d{2}\.json$/);
    const exportFile = join(downloads, download.suggestedFilename());
    await download.saveAs(exportFile);
    await toastText(page, "JSON downloaded!").waitFor();
    const text = readFileSync(exportFile, "utf8");
    expect(text).toContain('\n  "pages": [');
    const exported = JSON.parse(text) as PagesExport;
    const ours = exported.pages.find((p) => p.slug === slug);
    expect(ours).toMatchObject({ title: editedTitle, image: heroSrc, published: "true" });
    expect(ours?.content).toContain("<p>Hello from the admin journey</p>");
    expect(ours?.content).not.toContain("script");

    // Delete: gone from the list at once, from the site once the Undo window has passed.
    await pageCard(page, editedTitle)
      .getByRole("button", { name: `Delete ${editedTitle}` })
      .click();
    await toastText(page, "Page deleted successfully").waitFor();
    await pageCard(page, editedTitle).waitFor({ state: "detached" });
    await expect
      .poll(() => publishedPage(slug), { timeout: 15_000, message: "the page is deleted on the server" })
      .toBeNull();
    await page.goto(`/page/${slug}`);
    await page.getByRole("heading", { level: 1, name: "Page Not Found" }).waitFor();

    // Import the downloaded file with Upload JSON: our page is created again, the others updated.
    await page.goto("/pb");
    await main.getByRole("heading", { level: 1, name: "Content Management" }).waitFor();
    await main.getByRole("heading", { level: 2, name: "All Pages" }).waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      main.getByRole("button", { name: "Upload JSON" }).click(),
    ]);
    await chooser.setFiles(exportFile);
    await toastText(page, "Import successful!").waitFor();
    await toastText(page, `1 created, ${exported.pages.length - 1} updated`).waitFor();
    await pageCard(page, editedTitle).waitFor();
    expect((await publishedPage(slug))?.title).toBe(editedTitle);

    // Back on the home page's Recent Updates, and readable again.
    await page.goto("/");
    const updates = page.getByRole("region", { name: "Recent Updates" });
    const link = updates.locator(`a[href="/page/${slug}"]`);
    await whenHydrated(link);
    await link.click();
    await page.getByRole("article").getByRole("heading", { level: 1, name: editedTitle }).waitFor();
    await page.getByRole("article").getByText("Hello from the admin journey", { exact: true }).waitFor();
  });
});
