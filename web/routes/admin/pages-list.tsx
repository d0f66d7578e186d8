import type { Page } from "#schema/api.ts";
import { isPublished } from "#schema/rules.ts";
import "./pages-list.css";

export function PagesList({
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
