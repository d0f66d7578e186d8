// Removing a favorite on /favorites through the real hook: the list is read again after the
// removal and the row goes, and the toast still says so (a toast tied to the row's own mutate
// call was lost whenever the list came back before it: the row had unmounted).
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { anonymousSessionStorageKey } from "#web/lib/session-id.ts";
import { FavoritesScreen } from "#web/routes/favorites.tsx";
import { aFavorite } from "./support/factories";
import { mockApi } from "./support/fetch";
import { renderAt } from "./support/render";

describe("removing a favorite on /favorites", () => {
  it("says 'Removed from favorites' once the list, read again, no longer has the row", async () => {
    const kept = aFavorite("Blue Hour", "Nightdrive");
    const removed = aFavorite("Velvet", "Aurora Lane");
    let list = [kept, removed];
    const owner = "session-1795500000000-k3Jd8sPq2LmN7vXaQw4Zr1";
    localStorage.setItem(anonymousSessionStorageKey, owner);
    const api = mockApi({
      [`GET /api/favorites/${owner}`]: () => list,
      [`DELETE /api/favorites/${owner}`]: () => {
        list = [kept];
        return { success: true };
      },
    });
    renderAt("/favorites", <FavoritesScreen />);
    const button = await screen.findByRole("button", { name: "Remove Velvet by Aurora Lane from favorites" });
    await userEvent.click(button);
    expect(await screen.findByText("Removed from favorites")).toBeTruthy();
    await screen.findByRole("button", { name: "Remove Blue Hour by Nightdrive from favorites" });
    expect(screen.queryByRole("button", { name: "Remove Velvet by Aurora Lane from favorites" })).toBeNull();
    expect(api.calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });
});
