// /pb: the admin's login form, or for the admin the page manager ('Content Management').
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { Page } from "#schema/api.ts";
import { errorDetail, pagesQueryOptions } from "#web/lib/queries/admin-pages.ts";
import { toast } from "#web/ui/toast.tsx";
import { AdminOnly } from "./admin-only";
import { AdminToolbar } from "./admin-toolbar";
import { useConfirm } from "./confirm-dialog";
import { PageForm } from "./page-form";
import { PagesList } from "./pages-list";
import { useDeleteWithUndo } from "./use-delete-with-undo";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";

export function AdminScreen() {
  return (
    <AdminOnly title="Content Management">
      <ContentManagement />
    </AdminOnly>
  );
}

type FormState =
  | { mode: "closed" }
  | { mode: "create"; key: number }
  | { mode: "edit"; page: Page; key: number };

function ContentManagement() {
  const pages = useQuery(pagesQueryOptions());
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [dirty, setDirty] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const formKey = useRef(0);
  const { hidden, remove } = useDeleteWithUndo();
  const mayLeaveForm = useUnsavedChangesGuard(dirty, setDirty, confirm);

  const closeForm = useCallback(() => {
    setDirty(false);
    setForm({ mode: "closed" });
  }, []);

  /** A fresh form (a new key remounts it), not dirty. */
  const openForm = useCallback((next: { mode: "create" } | { mode: "edit"; page: Page }) => {
    setDirty(false);
    formKey.current += 1;
    setForm({ ...next, key: formKey.current });
  }, []);

  const openEdit = useCallback((page: Page) => openForm({ mode: "edit", page }), [openForm]);

  async function toggleNewPage() {
    if (!(await mayLeaveForm())) return;
    if (form.mode === "create") {
      closeForm();
    } else {
      openForm({ mode: "create" });
    }
  }

  async function editPage(page: Page) {
    if (form.mode === "edit" && form.page.id === page.id) return;
    if (!(await mayLeaveForm())) return;
    openEdit(page);
  }

  async function cancelForm() {
    if (await mayLeaveForm()) closeForm();
  }

  useEditParam(pages.data, pages.isError, openEdit);

  return (
    <section className="admin-screen">
      <div className="admin-header">
        <h1>Content Management</h1>
        <AdminToolbar formOpen={form.mode === "create"} onNewPage={toggleNewPage} confirm={confirm} />
      </div>

      {form.mode !== "closed" && (
        <PageForm
          key={form.key}
          page={form.mode === "edit" ? form.page : undefined}
          onSaved={closeForm}
          onCancel={cancelForm}
          onDirtyChange={setDirty}
        />
      )}

      <h2>All Pages</h2>
      <PagesList
        pages={pages.data?.filter((page) => !hidden.has(page.id))}
        loading={pages.isPending}
        error={pages.isError ? errorDetail(pages.error) : null}
        onRetry={() => void pages.refetch()}
        editingId={form.mode === "edit" ? form.page.id : undefined}
        onEdit={editPage}
        onDelete={remove}
      />
      {confirmDialog}
    </section>
  );
}

/** `/pb?edit=<id>` opens that page in the form, says so, and rewrites the address to /pb. */
function useEditParam(pages: Page[] | undefined, failed: boolean, openEdit: (page: Page) => void) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const editId = new URLSearchParams(search).get("edit");

  useEffect(() => {
    if (!editId || (!pages && !failed)) return;
    const page = pages?.find((p) => p.id === editId);
    if (page) {
      openEdit(page);
      toast({ title: "Editing page", description: page.title });
    } else if (pages) {
      toast({ title: "Page not found", description: "No page has that id.", variant: "destructive" });
    }
    navigate(location, { replace: true });
  }, [editId, pages, failed, openEdit, navigate, location]);
}
