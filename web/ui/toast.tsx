// Notifications (SPEC sections 8 and 9): one at a time, 5 s, swipe right to dismiss,
// F8 focuses the region. Built on Radix Toast (toaster-view.tsx); `toast()` works from anywhere.

import { atom, useAtomValue } from "jotai";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { toastRemoveDelayMs } from "../lib/constants";
import { appStore } from "../lib/store";

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

const ToasterView = lazy(() => import("./toaster-view"));

/**
 * Mount once. The Radix part loads when the browser is idle after the first render, or at
 * the first toast if that comes sooner, so it stays off the first load (dev/size-budget.ts).
 */
export function Toaster() {
  const current = useAtomValue(toastAtom);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(id);
  }, []);
  if (!idle && !current) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
