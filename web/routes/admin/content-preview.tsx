// Live preview of a page's HTML body while the admin types.
//
// The server sanitizes the HTML when the page is saved (worker/lib/sanitize.ts), and that is what
// listeners get. sanitize-html is deliberately not shipped to the browser. The preview instead
// renders the draft in an iframe with an empty `sandbox` (no allow-scripts, no allow-same-origin):
// scripts, event handlers, forms, popups and top navigation cannot run, and the frame's opaque
// origin cannot reach the admin's cookies or this page. Markup the server strips (scripts, unknown
// tags) may still show in the preview, but it can do nothing there.
import { useDeferredValue } from "react";
import "./content-preview.css";

const previewStyles = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0.75rem; line-height: 1.6; }
  img, video, iframe { max-width: 100%; height: auto; }
`;

export function previewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${previewStyles}</style></head><body>${html}</body></html>`;
}

export function ContentPreview({ html }: { html: string }) {
  // Typing stays responsive on long pages: the frame follows a step behind.
  const deferred = useDeferredValue(html);
  return (
    <iframe
      className="admin-content-preview"
      title="Content preview"
      sandbox=""
      srcDoc={previewDocument(deferred)}
    />
  );
}
