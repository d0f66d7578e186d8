import { Link } from "wouter";
import { usePageMeta } from "../ui/page-meta";
import "./not-found.css";

export function NotFoundScreen() {
  usePageMeta("Page Not Found", "This frequency isn't broadcasting.");
  return (
    <section className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>This frequency isn't broadcasting. The page you're looking for doesn't exist.</p>
      <Link href="/" className="button">
        Back to Home
      </Link>
    </section>
  );
}
