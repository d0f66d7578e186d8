import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PageForm } from "#web/routes/admin/page-form.tsx";
import { aPage } from "../support/factories";
import { json, mockApi } from "../support/fetch";
import { expectToast, renderAt } from "../support/render";
import { FakeXhr, fileOf } from "../support/uploads";

/** Renders the form with spies for its callbacks, and a user-event session (with `userOptions`). */
function renderForm(
  props: Partial<Parameters<typeof PageForm>[0]> = {},
  userOptions: Parameters<typeof userEvent.setup>[0] = {},
) {
  const handlers = { onSaved: vi.fn(), onCancel: vi.fn(), onDirtyChange: vi.fn() };
  const user = userEvent.setup(userOptions);
  renderAt("/pb", <PageForm {...handlers} {...props} />);
  return { ...handlers, user };
}

beforeEach(() => FakeXhr.install());

describe("page form", () => {
  it("is titled 'Create New Page' with the spec's fields, a 10-row content area and Published on", () => {
    renderForm();
    expect(screen.getByRole("heading", { name: "Create New Page" })).toBeTruthy();
    expect(screen.getByLabelText("Title")).toBeTruthy();
    expect(screen.getByLabelText("URL Slug").getAttribute("placeholder")).toBe("about-us");
    expect(screen.getByLabelText("Content").getAttribute("rows")).toBe("10");
    expect(screen.getByLabelText("Meta Description (SEO)")).toBeTruthy();
    expect(screen.getByLabelText("Meta Keywords (SEO, comma-separated)")).toBeTruthy();
    const heroImage = screen.getByLabelText("Hero Image (optional)");
    // docs/product.md §9: the image limit is stated in the text.
    expect(heroImage.getAttribute("aria-describedby")).toBeTruthy();
    const hint = document.getElementById(heroImage.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toContain("max 5MB");
    expect(screen.getByRole("switch", { name: "Published" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Page" })).toBeTruthy();
  });

  it("shows 'Title is required', 'Slug is required' and 'Content is required' and sends nothing", async () => {
    const { calls } = mockApi();
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Title"), "   ");
    await user.click(screen.getByRole("button", { name: "Create Page" }));
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByText("Slug is required")).toBeTruthy();
    expect(screen.getByText("Content is required")).toBeTruthy();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Title"));
    expect(calls).toEqual([]);
  });

  it("creates a page with the normalized slug and published 'true', then toasts and closes", async () => {
    const { calls } = mockApi({ "POST /api/pages": json(aPage(), 201) });
    const { onSaved, user } = renderForm();
    await user.type(screen.getByLabelText("Title"), "About us");
    await user.type(screen.getByLabelText("URL Slug"), "About Us");
    await user.type(screen.getByLabelText("Content"), "<p>Hello</p>");
    await user.click(screen.getByRole("button", { name: "Create Page" }));
    await expectToast("Page created successfully");
    expect(onSaved).toHaveBeenCalledOnce();
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/api/pages",
      body: { title: "About us", slug: "about-us", content: "<p>Hello</p>", image: null, published: "true" },
    });
  });

  it("toasts 'Failed to update page' with the server's message when an update is refused", async () => {
    const page = aPage({ title: "Terms" });
    mockApi({
      [`PUT /api/pages/${page.id}`]: json(
        { error: "conflict", message: "A page with that slug exists" },
        409,
      ),
    });
    const { onSaved, user } = renderForm({ page });
    expect(screen.getByRole("heading", { name: "Edit Page" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Update Page" }));
    await expectToast("Failed to update page", "A page with that slug exists");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("counts the meta description as 'n/155 karakters'", async () => {
    const { user } = renderForm();
    expect(screen.getByText("0/155 karakters")).toBeTruthy();
    await user.type(screen.getByLabelText("Meta Description (SEO)"), "Chill lounge");
    expect(screen.getByText("12/155 karakters")).toBeTruthy();
  });

  it("shows the light and dark mode hero uploads only when the slug is homepage-hero-settings", async () => {
    const { user } = renderForm();
    expect(screen.queryByLabelText("Homepage Hero Image for Light Mode")).toBeNull();
    await user.type(screen.getByLabelText("URL Slug"), "homepage-hero-settings");
    expect(screen.getByLabelText("Homepage Hero Image for Light Mode")).toBeTruthy();
    expect(screen.getByLabelText("Homepage Hero Image for Dark Mode")).toBeTruthy();
    await user.type(screen.getByLabelText("URL Slug"), "-old");
    expect(screen.queryByLabelText("Homepage Hero Image for Dark Mode")).toBeNull();
  });

  it("previews the existing hero images of the homepage hero settings page, each removable", async () => {
    const page = aPage({
      slug: "homepage-hero-settings",
      heroImageLight: "/images/light.png",
      heroImageDark: "/images/dark.png",
    });
    const { user } = renderForm({ page });
    const light = screen.getByAltText("Homepage Hero Image for Light Mode preview");
    expect(light.getAttribute("src")).toBe("/images/light.png");
    await user.click(screen.getByRole("button", { name: "Remove light mode hero image" }));
    expect(screen.queryByAltText("Homepage Hero Image for Light Mode preview")).toBeNull();
    expect(screen.getByAltText("Homepage Hero Image for Dark Mode preview")).toBeTruthy();
  });

  it("refuses an image over 5 MB in the browser, before any upload", async () => {
    const { user } = renderForm();
    await user.upload(
      screen.getByLabelText("Hero Image (optional)"),
      fileOf("big.png", "image/png", 6 * 1024 * 1024),
    );
    await expectToast("Failed to upload image", "big.png is 6.0 MB; images can be at most 5.0 MB.");
    expect(screen.getByRole("alert").textContent).toContain("at most 5.0 MB");
    expect(FakeXhr.instances).toEqual([]);
  });

  it("refuses a file that is not an image in the browser, before any upload", async () => {
    const { user } = renderForm({}, { applyAccept: false });
    await user.upload(screen.getByLabelText("Hero Image (optional)"), fileOf("notes.txt", "text/plain", 10));
    await expectToast("Failed to upload image");
    expect(screen.getByRole("alert").textContent).toContain("notes.txt is not an image");
    expect(FakeXhr.instances).toEqual([]);
  });

  it("shows the upload's progress in bytes sent, then the preview and 'Image uploaded successfully'", async () => {
    const { user } = renderForm();
    await user.upload(screen.getByLabelText("Hero Image (optional)"), fileOf("hero.png", "image/png", 2048));
    const xhr = FakeXhr.instances[0];
    if (!xhr) throw new Error("no upload started");
    expect(xhr).toMatchObject({ method: "POST", url: "/api/upload", withCredentials: true });
    expect((xhr.body as FormData).get("image")).toBeInstanceOf(File);
    xhr.progress(1024, 2048);
    await waitFor(() => expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("50"));
    expect(screen.getByText("1 KB of 2 KB")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Page" })).toHaveProperty("disabled", true);
    xhr.respond(201, { url: "/images/hero.png" });
    await expectToast("Image uploaded successfully");
    expect(screen.getByAltText("Hero Image (optional) preview").getAttribute("src")).toBe("/images/hero.png");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("cancels an upload in progress with Cancel upload", async () => {
    const { user } = renderForm();
    await user.upload(screen.getByLabelText("Hero Image (optional)"), fileOf("hero.png", "image/png", 2048));
    await user.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(FakeXhr.instances[0]?.aborted).toBe(true);
    expect(await screen.findByText("Upload cancelled.")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("shows the server's refusal of a hero image as 'Failed to upload hero image'", async () => {
    const { user } = renderForm({ page: aPage({ slug: "homepage-hero-settings" }) });
    await user.upload(
      screen.getByLabelText("Homepage Hero Image for Dark Mode"),
      fileOf("dark.png", "image/png", 100),
    );
    FakeXhr.instances[0]?.respond(415, {
      error: "unsupported_media_type",
      message: "Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded.",
    });
    await expectToast(
      "Failed to upload hero image",
      "Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded.",
    );
  });

  it("renders the content preview in a sandboxed frame that allows no scripts", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Content"), "<b>Hi</b>");
    const frame = screen.getByTitle("Content preview");
    expect(frame.getAttribute("sandbox")).toBe("");
    await waitFor(() => expect(frame.getAttribute("srcdoc")).toContain("<b>Hi</b>"));
  });
});
