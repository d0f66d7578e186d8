import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AuthResultNotice, LoginDialog, loginDialogOpenAtom } from "#web/features/auth/index.ts";
import { FavoritesSync, useFavorites } from "#web/features/favorites/index.ts";
import { toast } from "#web/ui/toast.tsx";
import { anonymousSessionId, listener } from "../support/factories";
import { json, mockApi } from "../support/fetch";
import { renderWithProviders } from "../support/render";

vi.mock("#web/ui/toast.tsx", async () => (await import("../support/stand-ins")).toastModule);

beforeEach(() => {
  window.history.replaceState(null, "", "/");
});

async function openLoginDialog() {
  const rendered = renderWithProviders(<LoginDialog />);
  act(() => rendered.store.set(loginDialogOpenAtom, true));
  await screen.findByRole("dialog");
  return rendered;
}

const emailField = () => screen.getByLabelText("Email");
const submitButton = () => screen.getByRole("button", { name: /Send login link|Sending\.\.\./ });

describe("login dialog", () => {
  it("keeps submit disabled while the email is empty and sends nothing", async () => {
    const api = mockApi({ "POST /api/auth/request-login": { ok: true } });
    await openLoginDialog();
    expect(submitButton()).toHaveProperty("disabled", true);
    fireEvent.change(emailField(), { target: { value: "   " } });
    expect(submitButton()).toHaveProperty("disabled", true);
    fireEvent.submit(emailField().closest("form") as HTMLFormElement);
    expect(api.calls).toHaveLength(0);
  });

  it("disables submit while sending, then says the link expires in 15 minutes", async () => {
    let answer: (response: Response) => void = () => {};
    const api = mockApi({
      "POST /api/auth/request-login": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await openLoginDialog();
    fireEvent.change(emailField(), { target: { value: " listener@example.com " } });
    expect(submitButton()).toHaveProperty("disabled", false);
    fireEvent.click(submitButton());
    await screen.findByRole("button", { name: "Sending..." });
    expect(submitButton()).toHaveProperty("disabled", true);
    await act(async () => answer(json({ ok: true })));
    await screen.findByText(/The link expires in 15 minutes\./);
    expect(api.calls[0]?.body).toEqual({ email: "listener@example.com" });
  });

  it("shows the server's message when the request fails", async () => {
    mockApi({
      "POST /api/auth/request-login": json(
        { error: "rate_limited", message: "Too many login requests." },
        429,
      ),
    });
    await openLoginDialog();
    fireEvent.change(emailField(), { target: { value: "listener@example.com" } });
    fireEvent.click(submitButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Too many login requests.");
  });

  it("shows 'Failed to send login link. Please try again.' when the failure has no message", async () => {
    mockApi({ "POST /api/auth/request-login": new Response("Bad gateway", { status: 502 }) });
    await openLoginDialog();
    fireEvent.change(emailField(), { target: { value: "listener@example.com" } });
    fireEvent.click(submitButton());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to send login link. Please try again.",
    );
  });

  it("resets email, sent state and error 300 ms after closing, not before", async () => {
    mockApi({ "POST /api/auth/request-login": { ok: true } });
    const { store } = await openLoginDialog();
    fireEvent.change(emailField(), { target: { value: "listener@example.com" } });
    fireEvent.click(submitButton());
    await screen.findByText(/The link expires in 15 minutes\./);

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    act(() => store.set(loginDialogOpenAtom, false));
    await act(() => vi.advanceTimersByTimeAsync(299));
    act(() => store.set(loginDialogOpenAtom, true));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText(/The link expires in 15 minutes\./)).toBeTruthy();

    act(() => store.set(loginDialogOpenAtom, false));
    await act(() => vi.advanceTimersByTimeAsync(300));
    act(() => store.set(loginDialogOpenAtom, true));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByText(/The link expires in 15 minutes\./)).toBeNull();
    expect((emailField() as HTMLInputElement).value).toBe("");
  });
});

describe("login result notice", () => {
  it.each([
    ["success", { title: "Welcome back!", description: "You're now logged in. Your favorites are synced." }],
    [
      "expired",
      {
        title: "Login link expired",
        description: "Please request a new login link.",
        variant: "destructive",
      },
    ],
    [
      "error",
      {
        title: "Login failed",
        description: "Something went wrong. Please try again.",
        variant: "destructive",
      },
    ],
  ])("?auth=%s gives its toast, then the parameter leaves the address", async (result, expected) => {
    window.history.replaceState(null, "", `/history?auth=${result}&page=2#top`);
    renderWithProviders(<AuthResultNotice />);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(expected);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      "/history?page=2#top",
    );
  });

  it("shows nothing without the parameter", () => {
    renderWithProviders(<AuthResultNotice />);
    expect(toast).not.toHaveBeenCalled();
  });
});

function FavoritesCount() {
  const { data } = useFavorites();
  return <p>{data ? `${data.length} favorites` : "no list"}</p>;
}

describe("favorites after login", () => {
  const pending = {
    trackTitle: "Blue Lagoon",
    trackArtist: "Chill Collective",
    trackAlbum: null,
    trackArtwork: null,
  };

  it("posts the pending favorite with the user id, clears it and refreshes favorites", async () => {
    localStorage.setItem("pending_favorite", JSON.stringify(pending));
    let saved = 0;
    const api = mockApi({
      "GET /api/auth/me": listener,
      "GET /api/favorites": () => Array.from({ length: saved }, (_, i) => ({ id: String(i) })),
      "POST /api/favorites": () => {
        saved++;
        return { ok: true };
      },
    });
    renderWithProviders(
      <>
        <FavoritesSync />
        <FavoritesCount />
      </>,
    );
    await screen.findByText("1 favorites");
    expect(api.callsTo("POST", "/api/favorites")[0]?.body).toEqual({ sessionId: "user-1", ...pending });
    expect(localStorage.getItem("pending_favorite")).toBeNull();
  });

  it("clears the pending favorite even when posting it fails, and only logs the failure", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem("pending_favorite", JSON.stringify(pending));
    const api = mockApi({
      "GET /api/auth/me": listener,
      "POST /api/favorites": json({ error: "server", message: "down" }, 500),
    });
    renderWithProviders(<FavoritesSync />);
    await waitFor(() => expect(api.callsTo("POST", "/api/favorites")).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem("pending_favorite")).toBeNull());
    expect(log).toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it("discards a pending favorite without title or artist", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem("pending_favorite", JSON.stringify({ ...pending, trackArtist: " " }));
    const api = mockApi({ "GET /api/auth/me": listener, "POST /api/favorites": { ok: true } });
    renderWithProviders(<FavoritesSync />);
    await waitFor(() => expect(localStorage.getItem("pending_favorite")).toBeNull());
    expect(api.callsTo("POST", "/api/favorites")).toHaveLength(0);
  });

  it("migrates the anonymous favorites once per user per browser session", async () => {
    localStorage.setItem("radio-session-id", anonymousSessionId);
    let me = listener;
    const api = mockApi({
      "GET /api/auth/me": () => me,
      "POST /api/auth/migrate-favorites": { migrated: 2 },
    });
    renderWithProviders(<FavoritesSync />);
    await waitFor(() => expect(sessionStorage.getItem("favorites-migrated-user-1")).toBe("true"));
    expect(api.callsTo("POST", "/api/auth/migrate-favorites").map((c) => c.body)).toEqual([
      { sessionId: anonymousSessionId },
    ]);

    // A reload in the same browser session: no second migration.
    cleanup();
    renderWithProviders(<FavoritesSync />);
    await waitFor(() => expect(api.callsTo("GET", "/api/auth/me")).toHaveLength(2));
    await act(async () => {});
    expect(api.callsTo("POST", "/api/auth/migrate-favorites")).toHaveLength(1);

    // Another user in the same browser session migrates once too.
    cleanup();
    me = { id: "user-2", email: "other@example.com" };
    renderWithProviders(<FavoritesSync />);
    await waitFor(() => expect(api.callsTo("POST", "/api/auth/migrate-favorites")).toHaveLength(2));
  });

  it("tries the migration again on the next load when it failed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem("radio-session-id", anonymousSessionId);
    const api = mockApi({
      "GET /api/auth/me": listener,
      "POST /api/auth/migrate-favorites": json({ error: "server", message: "down" }, 500),
    });
    renderWithProviders(<FavoritesSync />);
    await waitFor(() => expect(api.callsTo("POST", "/api/auth/migrate-favorites")).toHaveLength(1));
    await act(async () => {});
    expect(sessionStorage.getItem("favorites-migrated-user-1")).toBeNull();
  });
});
