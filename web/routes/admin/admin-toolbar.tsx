// The page manager's buttons: JSON export and import, New Page, Logout.
import { type ChangeEvent, useRef, useState } from "react";
import { Link } from "wouter";
import { errorDetail, fetchPagesExport, logout, useImportPages } from "#web/lib/queries/admin-pages.ts";
import { toast } from "#web/ui/toast.tsx";
import type { useConfirm } from "./confirm-dialog";
import "./admin-toolbar.css";
import { downloadText } from "#web/lib/download.ts";

export function AdminToolbar({
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
      downloadText(filename, "application/json", `${JSON.stringify(doc, null, 2)}\n`);
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
      <Link href="/pb/covers" className="admin-button admin-button-secondary">
        Track Covers
      </Link>
      <Link href="/pb/insights" className="admin-button admin-button-secondary">
        Station Insights
      </Link>
      <Link href="/pb/embed" className="admin-button admin-button-secondary">
        Embed Player
      </Link>
      <Link href="/pb/reports" className="admin-button admin-button-secondary">
        Reports
      </Link>
      <Link href="/pb/rewind" className="admin-button admin-button-secondary">
        Rewind
      </Link>
      <button type="button" className="admin-button admin-button-secondary" onClick={signOut}>
        Logout
      </button>
    </div>
  );
}
