import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { loginDialogOpenAtom } from "#web/features/auth/index.ts";
import {
  FavoriteButton,
  ListFavoriteButton,
  type TrackInfo,
  useFavorites,
  useListFavorites,
  useRemoveFavorite,
} from "#web/features/favorites/index.ts";
import { favoriteCheckQueryKey } from "#web/lib/queries/favorites.ts";
import { toast } from "#web/ui/toast.tsx";
import { aFavorite, anonymousSessionId, aTrack, listener } from "../support/factories";
import { json, mockApi } from "../support/fetch";
import { renderWithProviders } from "../support/render";

vi.mock("#web/ui/toast.tsx", async () => (await import("../support/stand-ins")).toastModule);

/** The user's favorites on a fake server: check, add and remove agree with each other. */
function favoritesServer(initiallyFavorited: boolean, post: () => unknown = () => ({ ok: true })) {
  let favorited = initiallyFavorited;
  return {
    "GET /api/auth/me": listener,
    "GET /api/favorites/user-1/check": () => ({ isFavorited: favorited }),
    "POST /api/favorites": async () => {
      const answer = await post();
      if (!(answer instanceof Response) || answer.ok) favorited = true;
      return answer;
    },
    "DELETE /api/favorites/user-1": () => {
      favorited = false;
      return { ok: true };
    },
  };
}

async function heart(name: string) {
  const button = await screen.findByRole("button", { name });
  await waitFor(() => expect(button).toHaveProperty("disabled", false));
  return button;
}

describe("favorite heart, logged in", () => {
  it("adds the current track with the user id and toasts 'Added to favorites'", async () => {
    const api = mockApi(favoritesServer(false));
    renderWithProviders(<FavoriteButton track={aTrack()} />);
    fireEvent.click(await heart("Add to favorites"));
    await screen.findByRole("button", { name: "Remove from favorites" });
    expect(api.callsTo("POST", "/api/favorites")[0]?.body).toEqual({
      sessionId: "user-1",
      trackTitle: "Blue Lagoon",
      trackArtist: "Chill Collective",
      trackAlbum: "Shores",
      trackArtwork: null,
    });
    expect(toast).toHaveBeenCalledWith({
      title: "Added to favorites",
      description: "Blue Lagoon has been added to your favorites",
    });
    expect(screen.getByRole("button", { name: "Remove from favorites" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("fills the heart of the track pressed only: the next track, on by the time the add answers, stays unfilled", async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let saved = false;
    const api = mockApi({
      "GET /api/auth/me": listener,
      // Only the track pressed is saved.
      "GET /api/favorites/user-1/check": (call: { path: string }) => ({
        isFavorited: saved && call.path.includes("trackTitle=Blue+Lagoon"),
      }),
      "POST /api/favorites": async () => {
        await answered;
        saved = true;
        return { ok: true };
      },
    });
    const { rerender, queryClient } = renderWithProviders(<FavoriteButton track={aTrack()} />);
    fireEvent.click(await heart("Add to favorites"));
    // The station moves on to the next track while the add is on its way.
    rerender(<FavoriteButton track={aTrack({ title: "Night Swim", artist: "Low Tide", album: null })} />);
    await waitFor(() => expect(api.callsTo("GET", "/api/favorites/user-1/check")).toHaveLength(2));
    // One change at a time: the next track's heart waits for the pressed one's answer.
    expect(screen.getByRole("button", { name: "Add to favorites" })).toHaveProperty("disabled", true);
    const checksBefore = api.callsTo("GET", "/api/favorites/user-1/check").length;
    await act(async () => {
      answer();
      await answered;
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Added to favorites",
        description: "Blue Lagoon has been added to your favorites",
      }),
    );
    // The favorites are read again once the change is made: the next track's own answer. (On a
    // busy machine an in-flight read may be asked again, so the count is not fixed.)
    await waitFor(() =>
      expect(
        api
          .callsTo("GET", "/api/favorites/user-1/check")
          .slice(checksBefore)
          .some((call) => call.path.includes("trackTitle=Night+Swim")),
      ).toBe(true),
    );
    expect((await heart("Add to favorites")).getAttribute("aria-pressed")).toBe("false");
    // The pressed track's own check now says so.
    expect(
      queryClient.getQueryData(favoriteCheckQueryKey("user-1", "Blue Lagoon", "Chill Collective")),
    ).toEqual({
      isFavorited: true,
    });
  });

  it("checks with the title and artist and removes a favorited track with 'Removed from favorites'", async () => {
    const api = mockApi(favoritesServer(true));
    renderWithProviders(<FavoriteButton track={aTrack()} />);
    fireEvent.click(await heart("Remove from favorites"));
    await screen.findByRole("button", { name: "Add to favorites" });
    expect(api.callsTo("GET", "/api/favorites/user-1/check")[0]?.path).toBe(
      "/api/favorites/user-1/check?trackTitle=Blue+Lagoon&trackArtist=Chill+Collective",
    );
    expect(api.callsTo("DELETE", "/api/favorites/user-1")[0]?.body).toEqual({
      trackTitle: "Blue Lagoon",
      trackArtist: "Chill Collective",
    });
    expect(toast).toHaveBeenCalledWith({
      title: "Removed from favorites",
      description: "Track has been removed from your favorites",
    });
  });

  it("toasts 'Error' / 'Failed to update favorites' when the update fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi(favoritesServer(false, () => json({ error: "server", message: "boom" }, 500)));
    renderWithProviders(<FavoriteButton track={aTrack()} />);
    fireEvent.click(await heart("Add to favorites"));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Error",
        description: "Failed to update favorites",
        variant: "destructive",
      }),
    );
    expect(screen.getByRole("button", { name: "Add to favorites" }).getAttribute("aria-pressed")).toBe(
      "false",
    );
  });

  it.each([
    [409, "favorites_full", "You have reached the limit of 500 favorites. Remove one to add another."],
    [429, "too_many_requests", "Too many favorite changes. Please try again in 10 minutes."],
  ])("toasts the server's message when it refuses the add with %i", async (status, error, message) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi(favoritesServer(false, () => json({ error, message }, status)));
    renderWithProviders(<FavoriteButton track={aTrack()} />);
    fireEvent.click(await heart("Add to favorites"));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: "Error", description: message, variant: "destructive" }),
    );
    expect(screen.getByRole("button", { name: "Add to favorites" }).getAttribute("aria-pressed")).toBe(
      "false",
    );
  });

  it("is disabled while the update is pending", async () => {
    let answer: (value: Response) => void = () => {};
    mockApi(favoritesServer(false, () => new Promise<Response>((resolve) => (answer = resolve))));
    renderWithProviders(<FavoriteButton track={aTrack()} />);
    const button = await heart("Add to favorites");
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveProperty("disabled", true));
    await act(async () => answer(json({ ok: true })));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Remove from favorites" })).toHaveProperty("disabled", false),
    );
  });
});

describe("favorite heart, logged out", () => {
  it("stores a pending favorite and opens the login dialog instead of saving", async () => {
    const api = mockApi({
      "GET /api/auth/me": null,
      [`GET /api/favorites/${anonymousSessionId}/check`]: { isFavorited: false },
    });
    localStorage.setItem("radio-session-id", anonymousSessionId);
    const { store } = renderWithProviders(
      <FavoriteButton track={aTrack({ artwork: "https://img.test/a.jpg" })} />,
    );
    fireEvent.click(await heart("Add to favorites"));
    expect(JSON.parse(localStorage.getItem("pending_favorite") ?? "null")).toEqual({
      trackTitle: "Blue Lagoon",
      trackArtist: "Chill Collective",
      trackAlbum: "Shores",
      trackArtwork: "https://img.test/a.jpg",
    });
    expect(store.get(loginDialogOpenAtom)).toBe(true);
    expect(api.callsTo("POST", "/api/favorites")).toHaveLength(0);
    await waitFor(() =>
      expect(api.callsTo("GET", `/api/favorites/${anonymousSessionId}/check`)).toHaveLength(1),
    );
  });

  it("on a first visit makes no anonymous id and asks for no check (nothing can be saved under it)", async () => {
    const api = mockApi({ "GET /api/auth/me": null });
    renderWithProviders(<FavoriteButton track={aTrack()} />);
    fireEvent.click(await heart("Add to favorites"));
    // Whatever the owner's read and the queries would start has started once pending work is done.
    await act(async () => {});
    expect(localStorage.getItem("radio-session-id")).toBeNull();
    expect(api.calls.filter((call) => call.path.startsWith("/api/favorites"))).toEqual([]);
  });

  it("is disabled when the track has no title", async () => {
    mockApi({ "GET /api/auth/me": null });
    renderWithProviders(<FavoriteButton track={aTrack({ title: "" })} />);
    const button = await screen.findByRole("button", { name: "Add to favorites" });
    await act(async () => {});
    expect(button).toHaveProperty("disabled", true);
  });
});

function FavoritesList() {
  const { data } = useFavorites();
  const remove = useRemoveFavorite({ onSuccess: () => {}, onError: () => {} });
  return (
    <ul>
      {data?.map((f) => (
        <li key={f.id}>
          {f.trackTitle}
          <button
            type="button"
            onClick={() => remove.mutate({ trackTitle: f.trackTitle, trackArtist: f.trackArtist })}
          >
            Remove {f.trackTitle}
          </button>
        </li>
      ))}
    </ul>
  );
}

describe("favorites list", () => {
  it("reads the logged-in user's list and refreshes it after a removal", async () => {
    let list = [aFavorite("One"), aFavorite("Two")];
    const api = mockApi({
      "GET /api/auth/me": listener,
      "GET /api/favorites": () => list,
      "DELETE /api/favorites/user-1": () => {
        list = list.slice(1);
        return { ok: true };
      },
    });
    renderWithProviders(<FavoritesList />);
    fireEvent.click(await screen.findByRole("button", { name: "Remove One" }));
    await waitFor(() => expect(screen.queryByText("One")).toBeNull());
    expect(api.callsTo("DELETE", "/api/favorites/user-1")[0]?.body).toEqual({
      trackTitle: "One",
      trackArtist: "Artist",
    });
    expect(api.callsTo("GET", "/api/favorites")).toHaveLength(2);
  });

  it("reads and removes from the anonymous session's list when logged out", async () => {
    localStorage.setItem("radio-session-id", anonymousSessionId);
    let list = [aFavorite("Mine")];
    const api = mockApi({
      "GET /api/auth/me": null,
      [`GET /api/favorites/${anonymousSessionId}`]: () => list,
      [`DELETE /api/favorites/${anonymousSessionId}`]: () => {
        list = [];
        return { ok: true };
      },
    });
    renderWithProviders(<FavoritesList />);
    fireEvent.click(await screen.findByRole("button", { name: "Remove Mine" }));
    await waitFor(() => expect(screen.queryByText("Mine")).toBeNull());
    expect(api.callsTo("DELETE", `/api/favorites/${anonymousSessionId}`)).toHaveLength(1);
  });
});

/** A list as the history screen lays it out: the favorites read once, a heart per row. */
function List({ tracks }: { tracks: TrackInfo[] }) {
  const favorites = useListFavorites();
  return tracks.map((track) => <ListFavoriteButton key={track.title} track={track} list={favorites} />);
}

describe("hearts in a list of tracks", () => {
  const rows = [
    aTrack({ title: "blue lagoon", artist: "CHILL COLLECTIVE" }),
    aTrack({ title: "Velvet", artist: "Aurora Lane" }),
    aTrack({ title: "Été", artist: "Mira" }),
  ];
  const hearts = () =>
    screen.getAllByRole("button").map((button) => button.getAttribute("aria-pressed") === "true");

  it("reads the owner's favorites in one call, not a check per row, matching as the server does", async () => {
    const api = mockApi({
      "GET /api/auth/me": listener,
      // The server matches with SQLite's lower(): ASCII letters only, so "ÉTÉ" is not "Été".
      "GET /api/favorites": [aFavorite("Blue Lagoon", "Chill Collective"), aFavorite("ÉTÉ", "Mira")],
    });
    renderWithProviders(<List tracks={rows} />);
    await waitFor(() => expect(hearts()).toEqual([true, false, false]));
    expect(api.callsTo("GET", "/api/favorites")).toHaveLength(1);
    expect(api.calls.filter((call) => call.path.includes("/check"))).toHaveLength(0);
    expect(api.callsTo("GET", "/api/auth/me")).toHaveLength(1);
  });

  it("fills a row's heart once the list, read again after the change, has the track", async () => {
    const saved = [aFavorite("Blue Lagoon", "Chill Collective")];
    const api = mockApi({
      "GET /api/auth/me": listener,
      "GET /api/favorites": () => saved,
      "POST /api/favorites": (call: { body: { trackTitle: string; trackArtist: string } }) => {
        saved.push(aFavorite(call.body.trackTitle, call.body.trackArtist));
        return { ok: true };
      },
    });
    renderWithProviders(<List tracks={rows} />);
    await waitFor(() => expect(hearts()).toEqual([true, false, false]));
    const velvet = screen.getAllByRole("button")[1] as HTMLElement;
    await waitFor(() => expect(velvet).toHaveProperty("disabled", false));
    fireEvent.click(velvet);
    await waitFor(() => expect(hearts()).toEqual([true, true, false]));
    // The heart shows the change at once; the list is read again just after (later on a busy machine).
    await waitFor(() => expect(api.callsTo("GET", "/api/favorites")).toHaveLength(2));
  });
  it("keeps showing the change it made when reading the list again fails", async () => {
    let reads = 0;
    const api = mockApi({
      "GET /api/auth/me": listener,
      "GET /api/favorites": () =>
        ++reads === 1
          ? [aFavorite("Blue Lagoon", "Chill Collective")]
          : json({ error: "x", message: "down" }, 503),
      "DELETE /api/favorites/user-1": { ok: true },
    });
    renderWithProviders(<List tracks={rows} />);
    await waitFor(() => expect(hearts()).toEqual([true, false, false]));
    const blueLagoon = screen.getAllByRole("button")[0] as HTMLElement;
    await waitFor(() => expect(blueLagoon).toHaveProperty("disabled", false));
    fireEvent.click(blueLagoon);
    await waitFor(() => expect(api.callsTo("GET", "/api/favorites")).toHaveLength(2));
    await waitFor(() => expect(blueLagoon).toHaveProperty("disabled", false));
    expect(hearts()).toEqual([false, false, false]);
    expect(api.callsTo("DELETE", "/api/favorites/user-1")[0]?.body).toEqual({
      trackTitle: "blue lagoon",
      trackArtist: "CHILL COLLECTIVE",
    });
    // Four waits on a list that renders in slices: more than the default 5 s on a busy CI machine.
  });

  it("logged out, a row's heart keeps a pending favorite and opens the login dialog", async () => {
    const api = mockApi({ "GET /api/auth/me": null, [`GET /api/favorites/${anonymousSessionId}`]: [] });
    localStorage.setItem("radio-session-id", anonymousSessionId);
    const { store } = renderWithProviders(<List tracks={rows} />);
    await waitFor(() => expect(api.callsTo("GET", `/api/favorites/${anonymousSessionId}`)).toHaveLength(1));
    const velvet = screen.getAllByRole("button")[1] as HTMLElement;
    await waitFor(() => expect(velvet).toHaveProperty("disabled", false));
    fireEvent.click(velvet);
    expect(JSON.parse(localStorage.getItem("pending_favorite") ?? "null")).toMatchObject({
      trackTitle: "Velvet",
      trackArtist: "Aurora Lane",
    });
    expect(store.get(loginDialogOpenAtom)).toBe(true);
    expect(api.callsTo("POST", "/api/favorites")).toHaveLength(0);
  });
});
