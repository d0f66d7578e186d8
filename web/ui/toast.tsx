// Notifications (SPEC sections 8 and 9): one at a time, 5 s, swipe right to dismiss,
// F8 focuses the region. Built on Radix Toast; `toast()` works from anywhere.

import * as Toast from "@radix-ui/react-toast";
import { atom, useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { toastDurationMs, toastRemoveDelayMs, toastSwipeThresholdPx } from "../lib/constants";
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

const toastAtom = atom<ToastState | null>(null);
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

export function Toaster() {
  const current = useAtomValue(toastAtom);
  return (
    <Toast.Provider duration={toastDurationMs} swipeDirection="right" swipeThreshold={toastSwipeThresholdPx}>
      {current && (
        <Toast.Root
          key={current.id}
          className={`toast${current.variant === "destructive" ? " toast-destructive" : ""}`}
          open={current.open}
          duration={current.duration}
          type={current.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
        >
          <Toast.Title className="toast-title">{current.title}</Toast.Title>
          {current.description && (
            <Toast.Description className="toast-description">{current.description}</Toast.Description>
          )}
          {current.action && (
            <Toast.Action
              className="toast-action"
              altText={current.action.altText}
              onClick={current.action.onClick}
            >
              {current.action.label}
            </Toast.Action>
          )}
          <Toast.Close className="toast-close" aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
