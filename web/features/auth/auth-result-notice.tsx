// The login result notice (docs/product.md §2): ?auth=success|expired|error gives a toast on load, then
// the parameter leaves the address. Also runs the after-login favorites sync.
import { useEffect } from "react";
import { type ToastOptions, toast } from "#web/ui/toast.tsx";
import { useSyncFavoritesAfterLogin } from "./sync-after-login";

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
  useSyncFavoritesAfterLogin();
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
