import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

const adminCalls: { method: string; path: string; body?: BodyInit; headers?: Record<string, string> }[] = [
  { method: "GET", path: "/api/pages/export" },
  { method: "POST", path: "/api/pages", body: JSON.stringify({ title: "x", slug: "x", content: "x" }) },
  {
    method: "PUT",
    path: "/api/pages/00000000-0000-4000-8000-000000000000",
    body: JSON.stringify({ title: "x" }),
  },
  { method: "DELETE", path: "/api/pages/00000000-0000-4000-8000-000000000000" },
  { method: "POST", path: "/api/pages/import", body: JSON.stringify({ version: 1, pages: [] }) },
];

describe("a logged-out visitor", () => {
  it.each(adminCalls)(
    "is refused by $method $path with 401 and a JSON error",
    async ({ method, path, body }) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        body,
        headers: { Origin: baseUrl, ...(body ? { "Content-Type": "application/json" } : {}) },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    },
  );

  it("is refused by the image upload with 401", async () => {
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "x.png");
    const res = await fetch(`${baseUrl}/api/upload`, {
      method: "POST",
      body: form,
      headers: { Origin: baseUrl },
    });
    expect(res.status).toBe(401);
  });

  it("sees no drafts in the page list", async () => {
    const res = await fetch(`${baseUrl}/api/pages`);
    expect(res.status).toBe(200);
    const pages = (await res.json()) as { published: string }[];
    expect(pages.every((page) => page.published !== "false" && page.published !== "")).toBe(true);
  });
});
