// The app's parts without markup of their own in the first paint: the live connection, the
// login dialog, the login result notice, the after-login favorites sync, the
// notifications, the icon buttons' tooltips and the service worker's registration. One lazy
// chunk, mounted by app.tsx once the browser is idle after the first hydration (afterIdle in
// web/ui/deferred.tsx, ADR 045); a toast or a login asked for before it arrives waits in its atom.

import { useEffect } from "react";
import { AuthResultNotice, LoginDialog } from "./features/auth";
import { FavoritesSync } from "./features/favorites";
import { LiveUpdates } from "./features/live";
import { RegisterServiceWorkerWhenSettled } from "./register-sw";
import { Toaster } from "./ui/toast";
import { installTooltips } from "./ui/tooltips";

function Tooltips() {
  useEffect(() => installTooltips(), []);
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
      <RegisterServiceWorkerWhenSettled />
    </>
  );
}
