// Registers the service worker built by vite-plugin-pwa (/sw.js, scope /). A new version
// is only logged (it activates on the next visit); a failed registration is only logged.
// The browser's own API: workbox-window's wrapper only added the "waiting" event, which the
// two checks below give (ADR 054).

const newVersionMessage = "A new version of the site is available; it loads on your next visit.";

/** Logs once a new version has installed while an older one controls the page. */
function logWhenInstalled(worker: ServiceWorker): void {
  const check = () => {
    if (worker.state !== "installed" || !navigator.serviceWorker.controller) return;
    worker.removeEventListener("statechange", check);
    console.log(newVersionMessage);
  };
  worker.addEventListener("statechange", check);
  check();
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(
    (registration) => {
      // A version that installed on an earlier visit waits for this page to close.
      if (registration.waiting && navigator.serviceWorker.controller) console.log(newVersionMessage);
      registration.addEventListener("updatefound", () => {
        if (registration.installing) logWhenInstalled(registration.installing);
      });
    },
    (error: unknown) => {
      console.log("Service worker registration failed:", error);
    },
  );
}
