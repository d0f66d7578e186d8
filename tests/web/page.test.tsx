import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentUserQueryKey } from "#web/lib/queries/auth.ts";
import { PageScreen } from "#web/routes/page.tsx";
import { aPage, listener } from "./support/factories";
import { json, mockApi } from "./support/fetch";
import { renderAt } from "./support/render";

const privacy = aPage({
  id: "0b5d4a39-6c1e-4f7a-9d2b-1a2b3c4d5e6f",
  title: "Privacy Policy",
  slug: "privacy",
  content: "<h2>Your data</h2><p>We keep <strong>very little</strong>.</p>",
});

describe("content page", () => {
  it("shows the title, the creation date and the server-sanitized HTML", async () => {
    mockApi({ "GET /api/pages/by-slug/privacy": privacy, "GET /api/auth/me": null });
    renderAt("/page/privacy", <PageScreen slug="privacy" />);
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Your data" })).toBeTruthy();
    expect(screen.getByText("very little").tagName).toBe("STRONG");
    expect(screen.getByText("March 1, 2026")).toBeTruthy();
  });

  it("shows 'Page Not Found' for an unknown slug", async () => {
    mockApi({
      "GET /api/pages/by-slug/nope": () => json({ error: "not_found", message: "Page not found" }, 404),
      "GET /api/auth/me": null,
    });
    renderAt("/page/nope", <PageScreen slug="nope" />);
    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeTruthy();
    expect(screen.getByText("The page you're looking for doesn't exist or has been removed.")).toBeTruthy();
  });

  it("shows 'Page Not Found' for an unpublished page", async () => {
    mockApi({
      "GET /api/pages/by-slug/privacy": { ...privacy, published: "false" },
      "GET /api/auth/me": null,
    });
    renderAt("/page/privacy", <PageScreen slug="privacy" />);
    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeTruthy();
  });

  it("shows logged-in users an edit button to /pb?edit={id}", async () => {
    mockApi({
      "GET /api/pages/by-slug/privacy": privacy,
      "GET /api/auth/me": listener,
    });
    renderAt("/page/privacy", <PageScreen slug="privacy" />);
    const edit = await screen.findByRole("link", { name: "Edit page" });
    expect(edit.getAttribute("href")).toBe(`/pb?edit=${privacy.id}`);
  });

  it("shows no edit button to visitors who are not logged in", async () => {
    mockApi({ "GET /api/pages/by-slug/privacy": privacy, "GET /api/auth/me": null });
    const { queryClient } = renderAt("/page/privacy", <PageScreen slug="privacy" />);
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    // The current-user answer has arrived: the button's absence is not just "not loaded yet".
    await waitFor(() => expect(queryClient.getQueryState(currentUserQueryKey)?.status).toBe("success"));
    expect(screen.queryByRole("link", { name: "Edit page" })).toBeNull();
  });
});
