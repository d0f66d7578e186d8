// The pending favorite: a heart tapped while logged out, kept in local storage until after login.
import type { PendingFavorite } from "#schema/api.ts";

const pendingFavoriteStorageKey = "pending_favorite";

function isValid(value: unknown): value is PendingFavorite {
  const item = value as Partial<PendingFavorite> | null;
  return (
    typeof item?.trackTitle === "string" &&
    item.trackTitle.trim() !== "" &&
    typeof item.trackArtist === "string" &&
    item.trackArtist.trim() !== ""
  );
}

/** Stores the pending favorite; docs/product.md §5: without title and artist it is rejected. */
export function savePendingFavorite(item: PendingFavorite): boolean {
  if (!isValid(item)) {
    console.warn("Invalid pending favorite", item);
    return false;
  }
  try {
    localStorage.setItem(pendingFavoriteStorageKey, JSON.stringify(item));
    return true;
  } catch (error) {
    console.warn("Could not store the pending favorite", error);
    return false;
  }
}

export function readPendingFavorite(): PendingFavorite | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(pendingFavoriteStorageKey);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isValid(parsed)) return parsed;
  } catch {}
  console.warn("Discarding an invalid pending favorite");
  clearPendingFavorite();
  return null;
}

export function clearPendingFavorite(): void {
  try {
    localStorage.removeItem(pendingFavoriteStorageKey);
  } catch {}
}
