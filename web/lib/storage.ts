// Web storage that never throws (private modes and disabled storage make it throw): local storage
// by default, the tab's session storage where asked.
export type StorageArea = "local" | "session";

export function storageOf(area: StorageArea): Storage {
  return area === "local" ? localStorage : sessionStorage;
}

export function readStored(key: string, area: StorageArea = "local"): string | null {
  try {
    return storageOf(area).getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}
