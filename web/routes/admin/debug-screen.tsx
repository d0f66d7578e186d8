// /pb/debug ('DEBUG LOGIN'): the recent login links, for testing without an e-mail inbox.
// The server answers 404 when debug links are turned off; the screen then says so.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { DebugTokens } from "#schema/api.ts";
import { debugTokensQueryOptions, errorDetail } from "#web/lib/queries/admin-pages.ts";
import { usePageMeta } from "#web/ui/page-meta.ts";
import { toast } from "#web/ui/toast.tsx";
import "./debug-screen.css";

type Token = DebugTokens["tokens"][number];

export function AdminDebugScreen() {
  usePageMeta("Debug Login");
  const query = useQuery(debugTokensQueryOptions());

  let body: ReactNode;
  if (query.isPending) {
    body = <p className="admin-muted">Loading tokens...</p>;
  } else if (query.isError) {
    body = (
      <p className="admin-field-error" role="alert">
        Could not load the tokens: {errorDetail(query.error)}
      </p>
    );
  } else if (!query.data.enabled) {
    body = (
      <p className="admin-muted">
        Debug login links are turned off on this server, so there is nothing to list here.
      </p>
    );
  } else if (query.data.tokens.length === 0) {
    body = <p className="admin-muted">No tokens found. Request a magic link first at /pb</p>;
  } else {
    const now = Date.now();
    body = (
      <ul className="admin-pages">
        {query.data.tokens.map((token) => (
          <TokenCard key={token.link} token={token} now={now} />
        ))}
      </ul>
    );
  }

  return (
    <section className="admin-screen admin-debug">
      <div className="admin-header">
        <h1>DEBUG LOGIN</h1>
        <button
          type="button"
          className="admin-button admin-button-secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          aria-busy={query.isFetching}
        >
          Refresh
        </button>
      </div>
      {body}
    </section>
  );
}

function TokenCard({ token, now }: { token: Token; now: number }) {
  const expires = new Date(token.expiresAt);
  const expired = expires.getTime() < now;
  const usable = !token.used && !expired;

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.link);
      toast({ title: "Link copied!", description: "Magic link copied to clipboard" });
    } catch {
      toast({ title: "Copy failed", description: "Could not copy to clipboard", variant: "destructive" });
    }
  }

  return (
    <li className={`admin-card admin-token${token.used ? " admin-token-used" : ""}`}>
      <div className="admin-token-head">
        <h2 className="admin-token-email">{token.email}</h2>
        {token.used && <span className="admin-badge">Used</span>}
        {expired && <span className="admin-badge admin-badge-expired">Expired</span>}
      </div>
      <p className="admin-muted">
        Expires: <time dateTime={token.expiresAt}>{expires.toLocaleString("en-US")}</time>
      </p>
      <p className="admin-token-link">
        <code>{token.link}</code>
      </p>
      <div className="admin-page-actions">
        <button
          type="button"
          className="admin-button admin-button-secondary admin-button-small"
          aria-label={`Copy Link for ${token.email}`}
          onClick={copy}
        >
          Copy Link
        </button>
        <button
          type="button"
          className="admin-button admin-button-small"
          aria-label={`Open Link for ${token.email}`}
          disabled={!usable}
          onClick={() => window.location.assign(token.link)}
        >
          Open Link
        </button>
      </div>
    </li>
  );
}
