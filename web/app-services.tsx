// The app's parts without markup of their own in the first paint: the live connection, the
// login dialog, the login result notice, the after-login favorites sync, the
// notifications, the icon buttons' tooltips and the service worker's registration. One lazy
// chunk, mounted by app.tsx once the browser is idle after the first hydration (afterIdle in
// web/ui/deferred.tsx, ADR 045); a toast or a login asked for before it arrives waits in its atom.

import { useEffect } from "react";
import { AuthResultNotice, LoginDialog } from "./features/auth";
import { FavoritesSync } from "./features/favorites";
import { LiveUpdates } from "./features/live";
import { whenIdle } from "./lib/idle";
import { Toaster } from "./ui/toast";
import { installTooltips } from "./ui/tooltips";

function Tooltips() {
  useEffect(() => installTooltips(), []);
  return null;
}

/** How long after the services start the service worker registers (ADR 054). */
export const serviceWorkerDelayMs = 5000;

/**
 * Registers the service worker once the page has settled: 5 s after the services mount, when
 * the browser is idle then. Its install fetches the whole app shell to precache it; registered
 * at the first idle moment after `load`, it did so while the page hydrated and made its first
 * calls, and took the CPU and the network from them.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => void import("./register-sw").then((m) => m.registerServiceWorker()), {
        timeout: 5000,
      });
    }, serviceWorkerDelayMs);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, []);
  return null;
}

export function AppServices() {
  return (
    <>
      <LiveUpdates />
      <LoginDialog />
      <AuthResultNotice />
      <FavoritesSync />
      <Toaster />
      <Tooltips />
      <ServiceWorkerRegistration />
    </>
  );
}
