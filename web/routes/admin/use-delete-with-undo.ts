import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Page } from "#schema/api.ts";
import { deletePage, errorDetail, pagesQueryKey } from "#web/lib/queries/admin-pages.ts";
import { toast } from "#web/ui/toast.tsx";

/** How long a deleted page can be brought back from the toast's Undo. */
export const deleteUndoMs = 5000;

/**
 * Delete with Undo. The DELETE is sent only when the 5 s Undo window has passed; until then the
 * page is just hidden from the list. This is the safer choice for data: an Undo then changes
 * nothing on the server, whereas re-creating the page with a POST would give it a new id
 * (breaking /pb?edit links) and a new creation date, and could fail (a slug taken meanwhile,
 * a lost connection) after the original is gone. A delete still pending when the admin leaves
 * the screen is sent at once, and when the tab closes it is sent with `keepalive`.
 */
export function useDeleteWithUndo() {
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const pending = useRef(new Map<string, { page: Page; timer: ReturnType<typeof setTimeout> }>());

  const unhide = useCallback((id: string) => {
    setHidden((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }, []);

  const commit = useCallback(
    async (page: Page, options: { keepalive?: boolean } = {}) => {
      const entry = pending.current.get(page.id);
      if (entry) clearTimeout(entry.timer);
      pending.current.delete(page.id);
      try {
        await deletePage(page.id, options);
      } catch (error) {
        toast({ title: "Failed to delete page", description: errorDetail(error), variant: "destructive" });
      }
      await queryClient.invalidateQueries({ queryKey: pagesQueryKey });
      // After the list was refreshed, so a deleted page does not flash back in.
      unhide(page.id);
    },
    [queryClient, unhide],
  );

  useEffect(() => {
    const map = pending.current;
    const sendNow = () => {
      for (const { page } of [...map.values()]) void commit(page, { keepalive: true });
    };
    window.addEventListener("pagehide", sendNow);
    return () => {
      window.removeEventListener("pagehide", sendNow);
      sendNow();
    };
  }, [commit]);

  const undo = useCallback(
    (page: Page) => {
      const entry = pending.current.get(page.id);
      if (!entry) {
        toast({
          title: "Could not undo",
          description: "The page was already deleted.",
          variant: "destructive",
        });
        return;
      }
      clearTimeout(entry.timer);
      pending.current.delete(page.id);
      unhide(page.id);
      toast({ title: "Page restored", description: page.title });
    },
    [unhide],
  );

  const remove = useCallback(
    (page: Page) => {
      setHidden((current) => new Set(current).add(page.id));
      const timer = setTimeout(() => void commit(page), deleteUndoMs);
      pending.current.set(page.id, { page, timer });
      toast({
        title: "Page deleted successfully",
        description: page.title,
        duration: deleteUndoMs,
        action: { label: "Undo", altText: `Undo deleting ${page.title}`, onClick: () => undo(page) },
      });
    },
    [commit, undo],
  );

  return { hidden, remove };
}
