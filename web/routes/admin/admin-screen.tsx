// /pb: the admin's login form, or for the admin the page manager ('Content Management').
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { Page } from "../../../schema/api";
import { isPublished } from "../../../schema/rules";
import { defaultAdminUsername } from "../../lib/constants";
import {
  adminLogin,
  deletePage,
  errorDetail,
  fetchPagesExport,
  logout,
  pagesQueryKey,
  pagesQueryOptions,
  useImportPages,
} from "../../lib/queries/admin-pages";
import { isAdmin, useCurrentUser } from "../../lib/queries/auth";
import { usePageMeta } from "../../ui/page-meta";
import { toast } from "../../ui/toast";
import { useConfirm } from "./confirm-dialog";
import { PageForm } from "./page-form";

/** How long a deleted page can be brought back from the toast's Undo. */
export const deleteUndoMs = 5000;

export function AdminScreen() {
  usePageMeta("Content Management");
  const user = useCurrentUser();
  if (user.isPending) return <p className="admin-screen admin-muted">Loading...</p>;
  if (!isAdmin(user.data)) return <AdminLogin />;
  return <ContentManagement />;
}

function AdminLogin() {
  const [username, setUsername] = useState(defaultAdminUsername);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username || !password) return;
    setBusy(true);
    try {
      await adminLogin(username, password);
      window.location.reload();
    } catch (error) {
      setBusy(false);
      toast({
        title: "Login failed",
        description: errorDetail(error) || "Invalid username or password",
        variant: "destructive",
      });
    }
  }

  return (
    <section className="admin-screen admin-login">
      <form className="admin-card" onSubmit={submit} aria-labelledby="admin-login-heading">
        <h1 id="admin-login-heading">Admin Login</h1>
        <div className="admin-field">
          <label htmlFor="admin-username">Username</label>
          <input
            id="admin-username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="admin-password">Password</label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="admin-button" disabled={busy} aria-busy={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </form>
    </section>
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
  const { hidden, remove } = usePendingDeletes();

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

  const closeForm = useCallback(() => {
    setDirty(false);
    setForm({ mode: "closed" });
  }, []);

  const openEdit = useCallback((page: Page) => {
    setDirty(false);
    formKey.current += 1;
    setForm({ mode: "edit", page, key: formKey.current });
  }, []);

  async function toggleNewPage() {
    if (!(await mayLeaveForm())) return;
    if (form.mode === "create") {
      closeForm();
    } else {
      setDirty(false);
      formKey.current += 1;
      setForm({ mode: "create", key: formKey.current });
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

function AdminToolbar({
  formOpen,
  onNewPage,
  confirm,
}: {
  formOpen: boolean;
  onNewPage: () => void;
  confirm: ReturnType<typeof useConfirm>[0];
}) {
  const importPages = useImportPages();
  const fileInput = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);

  async function download() {
    setExporting(true);
    try {
      const { document: doc, filename } = await fetchPagesExport();
      const url = URL.createObjectURL(
        new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: "application/json" }),
      );
      const link = document.createElement("a");
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast({
        title: "JSON downloaded!",
        description: "Upload this file with Upload JSON in the production admin panel to import the pages.",
      });
    } catch (error) {
      toast({
        title: "Export failed",
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      });
    } finally {
      setExporting(false);
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Cleared so that choosing the same file again imports it again.
    event.currentTarget.value = "";
    if (!file) return;
    let doc: unknown;
    try {
      doc = JSON.parse(await file.text());
    } catch {
      toast({
        title: "Invalid JSON file",
        description: `${file.name} could not be read as JSON.`,
        variant: "destructive",
      });
      return;
    }
    importPages.mutate(doc, {
      onSuccess: ({ results }) =>
        toast({
          title: "Import successful!",
          description: `${results.created} created, ${results.updated} updated`,
        }),
      onError: (error) =>
        toast({ title: "Import failed", description: errorDetail(error, "error"), variant: "destructive" }),
    });
  }

  async function signOut() {
    const yes = await confirm({
      title: "Are you sure you want to logout?",
      confirmLabel: "Logout",
      cancelLabel: "Cancel",
    });
    if (!yes) return;
    try {
      await logout();
      window.location.assign("/");
    } catch (error) {
      toast({ title: "Logout failed", description: errorDetail(error), variant: "destructive" });
    }
  }

  return (
    <div className="admin-toolbar">
      <button
        type="button"
        className="admin-button admin-button-secondary"
        onClick={download}
        disabled={exporting}
        aria-busy={exporting}
      >
        Download JSON
      </button>
      <button
        type="button"
        className="admin-button admin-button-secondary"
        onClick={() => fileInput.current?.click()}
        disabled={importPages.isPending}
        aria-busy={importPages.isPending}
      >
        Upload JSON
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        className="admin-visually-hidden"
        tabIndex={-1}
        aria-label="JSON file to import"
        onChange={upload}
      />
      <button type="button" className="admin-button" onClick={onNewPage} aria-expanded={formOpen}>
        New Page
      </button>
      <button type="button" className="admin-button admin-button-secondary" onClick={signOut}>
        Logout
      </button>
    </div>
  );
}

/**
 * Delete with Undo. The DELETE is sent only when the 5 s Undo window has passed; until then the
 * page is just hidden from the list. This is the safer choice for data: an Undo then changes
 * nothing on the server, whereas re-creating the page with a POST would give it a new id
 * (breaking /pb?edit links) and a new creation date, and could fail (a slug taken meanwhile,
 * a lost connection) after the original is gone. A delete still pending when the admin leaves
 * the screen is sent at once, and when the tab closes it is sent with `keepalive`.
 */
function usePendingDeletes() {
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

function PagesList({
  pages,
  loading,
  error,
  onRetry,
  editingId,
  onEdit,
  onDelete,
}: {
  pages: Page[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  editingId: string | undefined;
  onEdit: (page: Page) => void;
  onDelete: (page: Page) => void;
}) {
  if (loading) {
    return (
      <div className="admin-pages" aria-busy="true">
        <span className="admin-visually-hidden">Loading pages...</span>
        {[0, 1, 2].map((n) => (
          <div key={n} className="admin-card admin-skeleton" data-testid="page-skeleton" aria-hidden="true">
            <div className="admin-skeleton-line admin-skeleton-title" />
            <div className="admin-skeleton-line" />
          </div>
        ))}
      </div>
    );
  }
  if (error !== null) {
    return (
      <div className="admin-card" role="alert">
        <p>Could not load the pages: {error}</p>
        <button type="button" className="admin-button admin-button-secondary" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (!pages || pages.length === 0) {
    return <p className="admin-muted">No pages yet. Create your first page to get started.</p>;
  }
  return (
    <ul className="admin-pages">
      {pages.map((page) => {
        const published = isPublished(page.published);
        return (
          <li key={page.id} className="admin-card admin-page-card">
            <div>
              <h3>{page.title}</h3>
              <p className="admin-muted">/{page.slug}</p>
              <span className={`admin-badge${published ? " admin-badge-published" : ""}`}>
                {published ? "Published" : "Draft"}
              </span>
            </div>
            <div className="admin-page-actions">
              <button
                type="button"
                className="admin-button admin-button-secondary admin-button-small"
                aria-label={`Edit ${page.title}`}
                aria-pressed={editingId === page.id}
                onClick={() => onEdit(page)}
              >
                Edit
              </button>
              <button
                type="button"
                className="admin-button admin-button-danger admin-button-small"
                aria-label={`Delete ${page.title}`}
                // The page open in the form cannot be deleted under it; close the form first.
                disabled={editingId === page.id}
                onClick={() => onDelete(page)}
              >
                Delete
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
