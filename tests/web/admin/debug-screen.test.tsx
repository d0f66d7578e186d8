import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AdminDebugScreen } from "#web/routes/admin/index.tsx";
import { json, mockApi } from "../support/fetch";
import { expectToast, renderAt } from "../support/render";

const hour = 60 * 60 * 1000;

function token(email: string, overrides: { used?: boolean; expiresAt?: string } = {}) {
  return {
    email,
    link: `http://localhost/api/auth/verify?token=${email.split("@")[0]}`,
    expiresAt: new Date(Date.now() + hour).toISOString(),
    used: false,
    ...overrides,
  };
}

/** /pb/debug with `answer` as the answer of GET /api/auth/debug-tokens. */
function openDebugScreen(answer: unknown) {
  mockApi({ "GET /api/auth/debug-tokens": answer });
  const user = userEvent.setup();
  renderAt("/pb/debug", <AdminDebugScreen />);
  return user;
}

/** The card of the one token listed, once it shows. */
async function cardOf(listed: ReturnType<typeof token>): Promise<HTMLElement> {
  openDebugScreen({ tokens: [listed] });
  const heading = await screen.findByRole("heading", { name: listed.email });
  const card = heading.closest("li");
  if (!card) throw new Error(`no card for ${listed.email}`);
  return card;
}

describe("/pb/debug", () => {
  it("is titled DEBUG LOGIN and shows 'Loading tokens...' while loading", () => {
    openDebugScreen(() => new Promise<Response>(() => {}));
    expect(screen.getByRole("heading", { name: "DEBUG LOGIN" })).toBeTruthy();
    expect(screen.getByText("Loading tokens...")).toBeTruthy();
  });

  it("says 'No tokens found. Request a magic link first at /pb' when there are none", async () => {
    openDebugScreen({ tokens: [] });
    expect(await screen.findByText("No tokens found. Request a magic link first at /pb")).toBeTruthy();
  });

  it("says debug links are turned off when the server answers 404", async () => {
    openDebugScreen(json({ error: "not_found", message: "No API route" }, 404));
    expect(await screen.findByText(/Debug login links are turned off/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a usable token with its link, expiry in US locale and an enabled Open Link", async () => {
    const usable = token("fresh@example.com");
    const card = await cardOf(usable);
    expect(within(card).getByText(usable.link)).toBeTruthy();
    expect(within(card).getByText(new Date(usable.expiresAt).toLocaleString("en-US"))).toBeTruthy();
    expect(within(card).queryByText("Used")).toBeNull();
    expect(within(card).queryByText("Expired")).toBeNull();
    expect(card.className).not.toContain("admin-token-used");
    expect(within(card).getByRole("button", { name: /Open Link/ })).toHaveProperty("disabled", false);
  });

  it("dims a used token's card, badges it Used and disables Open Link", async () => {
    const card = await cardOf(token("used@example.com", { used: true }));
    expect(within(card).getByText("Used")).toBeTruthy();
    expect(card.className).toContain("admin-token-used");
    expect(within(card).getByRole("button", { name: /Open Link/ })).toHaveProperty("disabled", true);
  });

  it("badges a token whose expiry is earlier than now as Expired and disables Open Link", async () => {
    const expiresAt = new Date(Date.now() - 60_000).toISOString();
    const card = await cardOf(token("old@example.com", { expiresAt }));
    expect(within(card).getByText("Expired")).toBeTruthy();
    expect(within(card).queryByText("Used")).toBeNull();
    expect(within(card).getByRole("button", { name: /Open Link/ })).toHaveProperty("disabled", true);
  });

  it("copies the link and toasts 'Link copied!' / 'Magic link copied to clipboard'", async () => {
    const usable = token("copy@example.com");
    const user = openDebugScreen({ tokens: [usable] });
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    await user.click(await screen.findByRole("button", { name: /Copy Link/ }));
    await expectToast("Link copied!", "Magic link copied to clipboard");
    expect(writeText).toHaveBeenCalledWith(usable.link);
  });

  it("asks the server again on Refresh", async () => {
    let answer = { tokens: [] as ReturnType<typeof token>[] };
    const user = openDebugScreen(() => json(answer));
    await screen.findByText("No tokens found. Request a magic link first at /pb");
    answer = { tokens: [token("new@example.com")] };
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByRole("heading", { name: "new@example.com" })).toBeTruthy();
  });
});
