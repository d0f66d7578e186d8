// Notifications (docs/product.md §8, §9): one at a time, 5 s, swipe right to dismiss,
// F8 focuses the region. Built on Radix Toast (toaster-view.tsx); `toast()` works from anywhere.

import { useAtomValue } from "jotai";
import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "#web/lib/idle.ts";
import { toastAtom } from "./toast-store";

export { dismissToast, type ToastOptions, toast } from "./toast-store";

const ToasterView = lazy(() => import("./toaster-view"));

/**
 * Mount once. The Radix part loads when the browser is idle after the first render, or at
 * the first toast if that comes sooner, so it stays off the first load (dev/size-budget.ts).
 */
export function Toaster() {
  const current = useAtomValue(toastAtom);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), { timeout: 3000, fallback: 200 }), []);
  if (!idle && !current) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
