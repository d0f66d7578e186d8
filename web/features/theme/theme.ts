// The theme: dark (default) or light. The <html> element's `dark` class is the source of
// truth: the inline boot script (schema/boot-script.ts) sets it from local storage before first paint (no flash), and
// the toggle changes it and stores the choice.
import { useSyncExternalStore } from "react";
import { defaultTheme, themeStorageKey } from "#web/lib/constants.ts";

export type Theme = "dark" | "light";

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** The theme stored in local storage, or the default. */
export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(themeStorageKey);
    return value === "light" || value === "dark" ? value : defaultTheme;
  } catch {
    return defaultTheme;
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  applyTheme(theme);
}

/** The current theme; the prerendered HTML assumes the default, then the real one follows. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => defaultTheme);
}
