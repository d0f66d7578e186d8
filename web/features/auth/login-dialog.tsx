// The login dialog's shell: its content (and Radix Dialog) load on first open, off the initial bundle.
import { useAtomValue } from "jotai";
import { lazy, Suspense, useEffect, useState } from "react";
import { loginDialogOpenAtom } from "./state";

const LoginDialogContent = lazy(() => import("./login-dialog-content"));

export function LoginDialog() {
  const open = useAtomValue(loginDialogOpenAtom);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  // Stays mounted after the first open so closing can animate and reset after the delay.
  if (!open && !opened) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialogContent />
    </Suspense>
  );
}
