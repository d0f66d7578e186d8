// The gate of every admin screen: its title, the session's answer awaited, then the screen for
// the admin and the login form for anyone else (the server refuses them either way).
import type { ReactNode } from "react";
import { isAdmin, useCurrentUser } from "#web/lib/queries/auth.ts";
import { usePageMeta } from "#web/ui/page-meta.ts";
import { AdminLogin } from "./admin-login";

export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  usePageMeta(title);
  const user = useCurrentUser();
  if (user.isPending) return <p className="admin-screen admin-muted">Loading...</p>;
  if (!isAdmin(user.data)) return <AdminLogin />;
  return children;
}
