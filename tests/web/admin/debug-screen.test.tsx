import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminDebugScreen } from "../../../web/routes/admin";
import { expectToast, json, renderAdmin, resetAdminTestState, stubFetch, stubJsdomGaps } from "./helpers";

beforeEach(stubJsdomGaps);
afterEach(resetAdminTestState);

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

function cardOf(email: string): HTMLElement {
  const card = screen.getByRole("heading", { name: email }).closest("li");
  if (!card) throw new Error(`no card for ${email}`);
  return card;
}

describe("/pb/debug", () => {
  it("is titled DEBUG LOGIN and shows 'Loading tokens...' while loading", () => {
    stubFetch({ "GET /api/auth/debug-tokens": () => new Promise<Response>(() => {}) });
    renderAdmin(<AdminDebugScreen />, "/pb/debug");
    expect(screen.getByRole("heading", { name: "DEBUG LOGIN" })).toBeTruthy();
    expect(screen.getByText("Loading tokens...")).toBeTruthy();
  });

  it("says 'No tokens found. Request a magic link first at /pb' when there are none", async () => {
    stubFetch({ "GET /api/auth/debug-tokens": { tokens: [] } });
    renderAdmin(<AdminDebugScreen />, "/pb/debug");
    expect(await screen.findByText("No tokens found. Request a magic link first at /pb")).toBeTruthy();
  });

  it("says debug links are turned off when the server answers 404", async () => {
    stubFetch({ "GET /api/auth/debug-tokens": json({ error: "not_found", message: "No API route" }, 404) });
    renderAdmin(<AdminDebugScreen />, "/pb/debug");
    expect(await screen.findByText(/Debug login links are turned off/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a usable token with its link, expiry in US locale and an enabled Open Link", async () => {
    const usable = token("fresh@example.com");
    stubFetch({ "GET /api/auth/debug-tokens": { tokens: [usable] } });
    renderAdmin(<AdminDebugScreen />, "/pb/debug");
    await screen.findByRole("heading", { name: "fresh@example.com" });
    const card = cardOf("fresh@example.com");
    expect(within(card).getByText(usable.link)).toBeTruthy();
    expect(within(card).getByText(new Date(usable.expiresAt).toLocaleString("en-US"))).toBeTruthy();
    expect(within(card).queryByText("Used")).toBeNull();
    expect(within(card).queryByText("Expired")).toBeNull();
    expect(card.className).not.toContain("admin-token-used");
    expect(within(card).getByRole("button", { name: /Open Link/ })).toHaveProperty("disabled", false);
  });

  it("dims a used token's card, badges it Used and disables Open Link", async () => {
    stubFetch({ "GET /api/auth/debug-tokens": { tokens: [token("used@example.com", { used: true })] } });
    renderAdmin(<AdminDebugScreen />, "/pb/debug");
    await screen.findByRole("heading", { name: "used@example.com" });
    const card = cardOf("used@example.com");
    expect(within(card).getByText("Used")).toBeTruthy();
    expect(card.className).toContain("admin-token-used");
    expect(within(card).getByRole("button", { name: /Open Link/ })).toHaveProperty("disabled", true);
  });

  it("badges a token whose expiry is earlier than now as Expired and disables Open Link", async () => {
    const expiresAt = new Date(Date.now() - 60_000).toISOString();
    stubFetch({ "GET /api/auth/debug-tokens": { tokens: [token("old@example.com", { expiresAt })] } });
    renderAdmin(<AdminDebugScreen />, "/pb/debug");
    await screen.findByRole("heading", { name: "old@example.com" });
    const card = cardOf("old@example.com");
    expect(within(card).getByText("Expired")).toBeTruthy();
    expect(within(card).queryByText("Used")).toBeNull();
    expect(within(card).getByRole("button", { name: /Open Link/ })).toHaveProperty("disabled", true);
  });

  it("copies the link and toasts 'Link copied!' / 'Magic link copied to clipboard'", async () => {
    const usable = token("copy@example.com");
    stubFetch({ "GET /api/auth/debug-tokens": { tokens: [usable] } });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    renderAdmin(<AdminDebugScreen />, "/pb/debug");
    await user.click(await screen.findByRole("button", { name: /Copy Link/ }));
    await expectToast("Link copied!", "Magic link copied to clipboard");
    expect(writeText).toHaveBeenCalledWith(usable.link);
  });

  it("asks the server again on Refresh", async () => {
    let answer = { tokens: [] as ReturnType<typeof token>[] };
    stubFetch({ "GET /api/auth/debug-tokens": () => json(answer) });
    const user = userEvent.setup();
    renderAdmin(<AdminDebugScreen />, "/pb/debug");
    await screen.findByText("No tokens found. Request a magic link first at /pb");
    answer = { tokens: [token("new@example.com")] };
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByRole("heading", { name: "new@example.com" })).toBeTruthy();
  });
});
