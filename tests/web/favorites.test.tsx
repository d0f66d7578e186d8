import { useMutation } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FavoritesScreen } from "#web/routes/favorites.tsx";
import { aFavorite } from "./support/factories";
import { renderAt } from "./support/render";

const state = vi.hoisted(() => ({
  favorites: [] as unknown[] | undefined,
  remove: vi.fn<(ref: { trackTitle: string; trackArtist: string }) => Promise<unknown>>(),
}));

vi.mock("#web/features/favorites/index.ts", async () => ({
  ...(await import("#web/features/favorites/export.ts")),
  useFavorites: () => ({ data: state.favorites, isError: false }),
  useRemoveFavorite: (outcome: { onSuccess: () => void; onError: (error: Error) => void }) =>
    useMutation({ mutationFn: state.remove, ...outcome }),
}));

beforeEach(() => {
  state.favorites = [aFavorite("Blue Hour", "Nightdrive"), aFavorite("Velvet", "Aurora Lane")];
  state.remove.mockReset();
});

describe("favorites screen", () => {
  it("lists the saved tracks, each with a remove button", () => {
    renderAt("/favorites", <FavoritesScreen />);
    expect(screen.getByText("Blue Hour")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Remove Blue Hour by Nightdrive from favorites" }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove Velvet by Aurora Lane from favorites" })).toBeTruthy();
  });

  it("removes a track and says 'Removed from favorites'", async () => {
    state.remove.mockResolvedValue({ success: true });
    renderAt("/favorites", <FavoritesScreen />);
    await userEvent.click(
      screen.getByRole("button", { name: "Remove Velvet by Aurora Lane from favorites" }),
    );
    expect(await screen.findByText("Removed from favorites")).toBeTruthy();
    expect(screen.getByText("Track has been removed from your favorites")).toBeTruthy();
    expect(state.remove.mock.calls[0]?.[0]).toEqual({ trackTitle: "Velvet", trackArtist: "Aurora Lane" });
  });

  it("says 'Error' / 'Failed to remove track from favorites' when removing fails", async () => {
    state.remove.mockRejectedValue(new Error("500: boom"));
    renderAt("/favorites", <FavoritesScreen />);
    await userEvent.click(
      screen.getByRole("button", { name: "Remove Blue Hour by Nightdrive from favorites" }),
    );
    expect(await screen.findByText("Failed to remove track from favorites")).toBeTruthy();
    expect(screen.getByText("Error")).toBeTruthy();
  });

  it("shows the server's message when it refuses the removal (too many changes)", async () => {
    const message = "Too many favorite changes. Please try again in 10 minutes.";
    state.remove.mockRejectedValue(
      new Error(`429: ${JSON.stringify({ error: "too_many_requests", message })}`),
    );
    renderAt("/favorites", <FavoritesScreen />);
    await userEvent.click(
      screen.getByRole("button", { name: "Remove Blue Hour by Nightdrive from favorites" }),
    );
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText("Failed to remove track from favorites")).toBeNull();
  });

  it("says so when there are no favorites yet", () => {
    state.favorites = [];
    renderAt("/favorites", <FavoritesScreen />);
    expect(screen.getByText("No favorites yet.")).toBeTruthy();
  });

  it("downloads the list as CSV and as JSON", async () => {
    const files: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | undefined;
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      lastBlob = blob as Blob;
      return "blob:favorites";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) files.push({ name: this.download, blob: lastBlob });
    });
    renderAt("/favorites", <FavoritesScreen />);
    await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    await userEvent.click(screen.getByRole("button", { name: "Download JSON" }));
    expect(files.map((f) => f.name)).toEqual([
      expect.stringMatching(/^lounge-radio-favorites-\d{4}-\d\d-\d\d\.csv$/),
      expect.stringMatching(/^lounge-radio-favorites-\d{4}-\d\d-\d\d\.json$/),
    ]);
    expect(files[0]?.blob.type).toBe("text/csv;charset=utf-8");
    expect(await files[0]?.blob.text()).toContain("Blue Hour,Nightdrive");
    const json = JSON.parse((await files[1]?.blob.text()) ?? "[]") as { title: string }[];
    expect(json.map((t) => t.title)).toEqual(["Blue Hour", "Velvet"]);
    // No leftover link in the page.
    expect(document.querySelector("a[download]")).toBeNull();
  });

  it("opens each favorite in Spotify, Apple Music and YouTube Music", () => {
    renderAt("/favorites", <FavoritesScreen />);
    const spotify = screen.getByRole("link", { name: "Open Velvet by Aurora Lane in Spotify" });
    expect(spotify.getAttribute("href")).toBe("https://open.spotify.com/search/Velvet%20Aurora%20Lane");
    expect(spotify.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByRole("link", { name: "Open Velvet by Aurora Lane in Apple Music" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Velvet by Aurora Lane in YouTube Music" })).toBeTruthy();
  });

  it("offers no download while there is nothing to download", () => {
    state.favorites = [];
    renderAt("/favorites", <FavoritesScreen />);
    expect(screen.queryByRole("button", { name: "Download CSV" })).toBeNull();
  });
});
