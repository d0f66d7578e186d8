// The one notification at a time: state shared by `toast()` callers and the Radix view.
import { atom } from "jotai";
import type { ReactNode } from "react";
import { appStore } from "../lib/store";

const toastRemoveDelayMs = 1_000_000;

export type ToastOptions = {
  title: ReactNode;
  description?: ReactNode;
  variant?: "default" | "destructive";
  /** An action button, such as Undo; `altText` describes it for screen readers. */
  action?: { label: string; altText: string; onClick: () => void };
  duration?: number;
};

type ToastState = ToastOptions & { id: number; open: boolean };

export const toastAtom = atom<ToastState | null>(null);
let nextId = 1;
let removeTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast, replacing the current one. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  clearTimeout(removeTimer);
  appStore.set(toastAtom, { ...options, id, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: number): void {
  const current = appStore.get(toastAtom);
  if (!current || (id !== undefined && current.id !== id)) return;
  appStore.set(toastAtom, { ...current, open: false });
  clearTimeout(removeTimer);
  removeTimer = setTimeout(() => {
    if (appStore.get(toastAtom)?.id === current.id) appStore.set(toastAtom, null);
  }, toastRemoveDelayMs);
}
