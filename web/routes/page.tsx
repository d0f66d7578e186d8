// A content page by slug: title, creation date, optional hero image and the HTML body.
import { Link } from "wouter";
import { isPublished } from "#schema/rules.ts";
import { metaDescriptionChars } from "../lib/constants";
import { useCurrentUser } from "../lib/queries/auth";
import { cutText, htmlToText, usePageBySlug } from "../lib/queries/pages";
import { EditIcon } from "../ui/icons";
import { usePageMeta } from "../ui/page-meta";
import "./not-found.css";
import "./page.css";

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

export function PageScreen({ slug }: { slug: string }) {
  const { data: page, isPending, isError } = usePageBySlug(slug);
  const { data: user } = useCurrentUser();
  const found = page !== undefined && isPublished(page.published);
  usePageMeta(
    found ? page.title : isPending ? undefined : "Page Not Found",
    found ? page.metaDescription || cutText(htmlToText(page.content), metaDescriptionChars) : undefined,
  );

  if (isPending) return <p className="muted route-loading">Loading...</p>;
  if (isError || !found) {
    return (
      <section className="not-found">
        <h1>Page Not Found</h1>
        <p>The page you're looking for doesn't exist or has been removed.</p>
        <Link href="/" className="button">
          Back to Home
        </Link>
      </section>
    );
  }
  return (
    <article className="content-page">
      <header className="page-head">
        <h1>{page.title}</h1>
        <p className="muted">
          <time dateTime={page.createdAt}>{formatDate(page.createdAt)}</time>
        </p>
        {user && (
          <Link href={`/pb?edit=${page.id}`} className="button button-small edit-button">
            <EditIcon /> Edit page
          </Link>
        )}
      </header>
      {page.image && <img className="page-hero" src={page.image} alt="" width={1200} height={500} />}
      {/* The server sanitizes page HTML (sanitize-html in worker/lib/sanitize.ts) before it is
          stored and served; sanitize-html must never ship in the client bundle. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server, and the CSP allows no inline script */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  );
}
