// "You are offline": shown while the browser reports no network (online/offline events).
import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status">
      <strong>You are offline.</strong> The live stream and the latest tracks come back when your connection
      does.
    </div>
  );
}
