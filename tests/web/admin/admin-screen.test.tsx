import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { Link } from "wouter";
import { AdminScreen } from "#web/routes/admin/index.tsx";
import { adminUser, aPage, listener } from "../support/factories";
import { json, mockApi } from "../support/fetch";
import { expectToast, renderAt } from "../support/render";

const never = () => new Promise<Response>(() => {});

type AdminScreenSetup = {
  /** The answer of GET /api/auth/me. */
  me?: unknown;
  /** The answer of GET /api/pages. */
  pages?: unknown;
  routes?: Record<string, unknown>;
  path?: string;
  /** For a test on fake timers: how user-event lets time pass. */
  advanceTimers?: (ms: number) => unknown;
};

/** Renders /pb (the admin's by default) with the API answering as given. */
function openAdminScreen({
  me = adminUser,
  pages = [],
  routes = {},
  path = "/pb",
  advanceTimers,
}: AdminScreenSetup = {}) {
  const api = mockApi({ "GET /api/auth/me": me, "GET /api/pages": pages, ...routes });
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  return { ...api, ...renderAt(path, <AdminScreen />), user };
}

/** As the admin with no pages yet, picks a file holding `text` under Upload JSON. */
async function uploadJson(text: string, routes: Record<string, unknown> = {}) {
  const admin = openAdminScreen({ routes });
  await screen.findByText("No pages yet. Create your first page to get started.");
  await admin.user.upload(
    screen.getByLabelText("JSON file to import"),
    new File([text], "pages.json", { type: "application/json" }),
  );
  return admin;
}

describe("/pb for someone who is not the admin", () => {
  it("shows 'Loading...' while the user loads", () => {
    openAdminScreen({ me: never });
    expect(screen.getByText("Loading...")).toBeTruthy();
  });

  it("shows the 'Admin Login' form with the Username prefilled and both fields required", async () => {
    openAdminScreen({ me: null });
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeTruthy();
    const username = screen.getByLabelText("Username") as HTMLInputElement;
    expect(username.value).toBe("admin");
    expect(username.required).toBe(true);
    expect((screen.getByLabelText("Password") as HTMLInputElement).required).toBe(true);
  });

  it("shows the login form to a logged-in listener who is not the admin", async () => {
    openAdminScreen({ me: listener });
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Content Management" })).toBeNull();
  });

  it("shows 'Logging in...' while busy and posts the username and password", async () => {
    const { calls, user } = openAdminScreen({ me: null, routes: { "POST /api/auth/login": never } });
    await user.type(await screen.findByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Login" }));
    const busy = await screen.findByRole("button", { name: "Logging in..." });
    expect(busy).toHaveProperty("disabled", true);
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/api/auth/login",
      body: { username: "admin", password: "secret" },
    });
  });

  it("toasts 'Login failed' with 'Invalid username or password' when the server refuses", async () => {
    const { user } = openAdminScreen({
      me: null,
      routes: {
        "POST /api/auth/login": json(
          { error: "invalid_credentials", message: "Invalid username or password" },
          401,
        ),
      },
    });
    await user.type(await screen.findByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await expectToast("Login failed", "Invalid username or password");
    expect(screen.getByRole("button", { name: "Login" })).toHaveProperty("disabled", false);
  });
});

describe("/pb for the admin", () => {
  it("shows 'Content Management' with its four buttons and three skeleton cards while pages load", async () => {
    openAdminScreen({ pages: never });
    expect(await screen.findByRole("heading", { name: "Content Management" })).toBeTruthy();
    for (const name of ["Download JSON", "Upload JSON", "New Page", "Logout"]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
    expect(screen.getByLabelText("JSON file to import").getAttribute("accept")).toContain(".json");
    expect(screen.getAllByTestId("page-skeleton")).toHaveLength(3);
  });

  it("says 'No pages yet. Create your first page to get started.' when there are none", async () => {
    openAdminScreen();
    expect(await screen.findByText("No pages yet. Create your first page to get started.")).toBeTruthy();
  });

  it("lists pages with title, '/slug' and Published or Draft", async () => {
    openAdminScreen({
      pages: [
        aPage({ title: "About", slug: "about" }),
        aPage({ title: "Secret", slug: "secret", published: "false" }),
      ],
    });
    const cards = await screen.findAllByRole("listitem");
    expect(within(cards[0] as HTMLElement).getByText("/about")).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText("Published")).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByRole("heading", { name: "Secret" })).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText("Draft")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Secret" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Secret" })).toBeTruthy();
  });

  it("toggles the 'Create New Page' form with New Page", async () => {
    const { user } = openAdminScreen();
    await user.click(await screen.findByRole("button", { name: "New Page" }));
    expect(screen.getByRole("heading", { name: "Create New Page" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "New Page" }));
    expect(screen.queryByRole("heading", { name: "Create New Page" })).toBeNull();
  });

  it("opens /pb?edit=<id> in the edit form, toasts 'Editing page' with the title and rewrites the address to /pb", async () => {
    const page = aPage({ title: "Office Audio", slug: "office-audio" });
    const { location } = openAdminScreen({ pages: [aPage(), page], path: `/pb?edit=${page.id}` });
    expect(await screen.findByRole("heading", { name: "Edit Page" })).toBeTruthy();
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Office Audio");
    await expectToast("Editing page", "Office Audio");
    expect(location.history).toEqual(["/pb"]);
  });

  it("refreshes the list after a page is created", async () => {
    let pages = [aPage({ title: "First" })];
    const { calls, user } = openAdminScreen({
      pages: () => json(pages),
      routes: {
        "POST /api/pages": ({ body }: { body: unknown }) => {
          const created = aPage(body as object);
          pages = [...pages, created];
          return json(created, 201);
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "New Page" }));
    await user.type(screen.getByLabelText("Title"), "Second");
    await user.type(screen.getByLabelText("URL Slug"), "second");
    await user.type(screen.getByLabelText("Content"), "Hi");
    await user.click(screen.getByRole("button", { name: "Create Page" }));
    expect(await screen.findByRole("heading", { name: "Second" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Create New Page" })).toBeNull();
    expect(calls.filter((c) => c.path === "/api/pages" && c.method === "GET")).toHaveLength(2);
  });

  it("asks before discarding unsaved changes, and keeps them when the admin says Keep editing", async () => {
    const { user } = openAdminScreen({ pages: [aPage({ title: "About" })] });
    await user.click(await screen.findByRole("button", { name: "New Page" }));
    await user.type(screen.getByLabelText("Title"), "Draft title");

    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole("button", { name: "Edit About" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Discard unsaved changes?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Draft title");

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Discard changes" }));
    expect(screen.queryByRole("heading", { name: "Create New Page" })).toBeNull();
    const after = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it("asks before following a link away from a form with unsaved edits", async () => {
    mockApi({ "GET /api/auth/me": adminUser, "GET /api/pages": [] });
    const user = userEvent.setup();
    const { location } = renderAt(
      "/pb",
      <>
        <Link href="/about">About</Link>
        <AdminScreen />
      </>,
    );
    await user.click(await screen.findByRole("button", { name: "New Page" }));
    await user.type(screen.getByLabelText("Title"), "Half written");
    await user.click(screen.getByRole("link", { name: "About" }));
    await user.click(await screen.findByRole("button", { name: "Keep editing" }));
    expect(location.history).toEqual(["/pb"]);
    await user.click(screen.getByRole("link", { name: "About" }));
    await user.click(await screen.findByRole("button", { name: "Discard changes" }));
    await waitFor(() => expect(location.history).toEqual(["/pb", "/about"]));
  });

  it("asks 'Are you sure you want to logout?' and stays when cancelled", async () => {
    const { calls, user } = openAdminScreen();
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Are you sure you want to logout?" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((c) => c.path === "/api/auth/logout")).toBe(false);
  });
});

describe("delete with Undo", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  function setup() {
    let pages = [aPage({ title: "Keep me" }), aPage({ title: "Remove me" })];
    const target = pages[1] as (typeof pages)[number];
    const { calls, user } = openAdminScreen({
      pages: () => json(pages),
      routes: {
        [`DELETE /api/pages/${target.id}`]: () => {
          pages = pages.filter((p) => p.id !== target.id);
          return json({ ok: true });
        },
      },
      advanceTimers: vi.advanceTimersByTime,
    });
    return { calls, user, target };
  }

  it("hides the page at once, toasts 'Page deleted successfully' with Undo, and Undo keeps the page", async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole("button", { name: "Delete Remove me" }));
    expect(screen.queryByRole("heading", { name: "Remove me" })).toBeNull();
    await expectToast("Page deleted successfully", "Remove me");
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByRole("heading", { name: "Remove me" })).toBeTruthy();
    vi.advanceTimersByTime(6000);
    await waitFor(() => expect(screen.getByRole("heading", { name: "Keep me" })).toBeTruthy());
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
  });

  it("sends the DELETE after 5 s without Undo and refreshes the list", async () => {
    const { calls, user, target } = setup();
    await user.click(await screen.findByRole("button", { name: "Delete Remove me" }));
    vi.advanceTimersByTime(4900);
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    vi.advanceTimersByTime(200);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
        `/api/pages/${target.id}`,
      ]),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "GET" && c.path === "/api/pages")).toHaveLength(2),
    );
    expect(screen.queryByRole("heading", { name: "Remove me" })).toBeNull();
  });

  it("toasts 'Failed to delete page' and shows the page again when the server refuses", async () => {
    const page = aPage({ title: "Stubborn" });
    const { user } = openAdminScreen({
      pages: [page],
      routes: {
        [`DELETE /api/pages/${page.id}`]: json(
          { error: "server_error", message: "Database unavailable" },
          500,
        ),
      },
      advanceTimers: vi.advanceTimersByTime,
    });
    await user.click(await screen.findByRole("button", { name: "Delete Stubborn" }));
    vi.advanceTimersByTime(5000);
    await expectToast("Failed to delete page", "Database unavailable");
    expect(await screen.findByRole("heading", { name: "Stubborn" })).toBeTruthy();
  });
});

describe("Download JSON and Upload JSON", () => {
  it("imports a valid file, toasts 'Import successful!' with the counts and refreshes the list", async () => {
    const doc = { version: 1, pages: [{ title: "A", slug: "a", content: "x" }] };
    const { calls } = await uploadJson(JSON.stringify(doc), {
      "POST /api/pages/import": { results: { created: 2, updated: 1 } },
    });
    await expectToast("Import successful!", "2 created, 1 updated");
    expect(calls.find((c) => c.path === "/api/pages/import")?.body).toEqual(doc);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "GET" && c.path === "/api/pages")).toHaveLength(2),
    );
  });

  it("toasts 'Invalid JSON file' for a file that does not parse and sends nothing", async () => {
    const { calls } = await uploadJson("{ not json");
    await expectToast("Invalid JSON file");
    expect(calls.some((c) => c.path === "/api/pages/import")).toBe(false);
  });

  it("toasts 'Import failed' with the server's error text", async () => {
    await uploadJson('{"version":2}', {
      "POST /api/pages/import": json(
        { error: "Invalid import file: Unsupported export version", message: "Unsupported export version" },
        400,
      ),
    });
    await expectToast("Import failed", "Invalid import file: Unsupported export version");
  });

  it("downloads the export pretty-printed under the server's file name and toasts 'JSON downloaded!'", async () => {
    const doc = { version: 1, exportedAt: "2025-01-01T00:00:00.000Z", pages: [] };
    let blob: Blob | undefined;
    // jsdom has no object URLs.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (b: Blob) => {
      blob = b;
      return "blob:export";
    };
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const { user } = openAdminScreen({
      routes: {
        "GET /api/pages/export": json(doc, 200, {
          "Content-Disposition": 'attachment; filename="lounge-radio-pages-2025-01-01.json"',
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Download JSON" }));
    await expectToast("JSON downloaded!");
    expect(downloads).toEqual(["lounge-radio-pages-2025-01-01.json"]);
    expect(await blob?.text()).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    click.mockRestore();
  });

  it("toasts 'Export failed' with the error text", async () => {
    const { user } = openAdminScreen({
      routes: { "GET /api/pages/export": new Response("Forbidden", { status: 403 }) },
    });
    await user.click(await screen.findByRole("button", { name: "Download JSON" }));
    await expectToast("Export failed", "403: Forbidden");
  });
});
