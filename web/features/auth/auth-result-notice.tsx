// The login result notice (docs/product.md §2): ?auth=success|expired|error gives a toast on load, then
// the parameter leaves the address. The after-login favorites sync is the favorites' own
// (web/features/favorites/sync-after-login.ts).
import { useEffect } from "react";
import { type ToastOptions, toast } from "#web/ui/toast.tsx";

const authResultToasts: Record<string, ToastOptions> = {
  success: { title: "Welcome back!", description: "You're now logged in. Your favorites are synced." },
  expired: {
    title: "Login link expired",
    description: "Please request a new login link.",
    variant: "destructive",
  },
  error: {
    title: "Login failed",
    description: "Something went wrong. Please try again.",
    variant: "destructive",
  },
};

export function AuthResultNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const result = url.searchParams.get("auth");
    if (result === null) return;
    const notice = Object.hasOwn(authResultToasts, result) ? authResultToasts[result] : undefined;
    if (notice) toast(notice);
    url.searchParams.delete("auth");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return null;
}
