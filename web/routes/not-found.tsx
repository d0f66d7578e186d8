import { Link } from "wouter";

export function NotFoundScreen() {
  return (
    <section className="not-found">
      <h1>Page Not Found</h1>
      <p>This frequency isn't broadcasting. The page you're looking for doesn't exist.</p>
      <Link href="/" className="button">
        Back to Home
      </Link>
    </section>
  );
}
