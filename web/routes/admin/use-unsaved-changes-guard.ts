// Keeps the admin from losing unsaved edits in the page form: a reload, closing the tab or
// following a link asks first.
import { useCallback, useEffect } from "react";
import { useLocation } from "wouter";
import type { useConfirm } from "./confirm-dialog";

/** Returns `mayLeaveForm`: true when the form may be closed or replaced. */
export function useUnsavedChangesGuard(
  dirty: boolean,
  setDirty: (dirty: boolean) => void,
  confirm: ReturnType<typeof useConfirm>[0],
) {
  // Leaving the page with unsaved edits asks first (the browser shows its own question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  /** True when the form may be closed or replaced: no edits, or the admin agrees to discard them. */
  const mayLeaveForm = useCallback(
    async () =>
      !dirty ||
      confirm({
        title: "Discard unsaved changes?",
        description: "The changes you made to this page have not been saved.",
        confirmLabel: "Discard changes",
        cancelLabel: "Keep editing",
      }),
    [dirty, confirm],
  );

  useGuardLinks(dirty, mayLeaveForm, setDirty);
  return mayLeaveForm;
}

/**
 * While the form has unsaved edits, following a link inside the app asks first (wouter has no
 * navigation blocker): the click is caught before the router sees it and replayed once agreed.
 * Links to other sites and reloads are covered by `beforeunload`.
 */
function useGuardLinks(
  dirty: boolean,
  mayLeaveForm: () => Promise<boolean>,
  setDirty: (dirty: boolean) => void,
) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
      if (link.target && link.target !== "_self") return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      void mayLeaveForm().then((leave) => {
        if (!leave) return;
        setDirty(false);
        navigate(`${url.pathname}${url.search}${url.hash}`);
      });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [dirty, mayLeaveForm, setDirty, navigate]);
}
