// Registers the service worker built by vite-plugin-pwa (/sw.js, scope /) once the page has
// settled. A new version is only logged (it activates on the next visit); a failed
// registration is only logged. The browser's own API: workbox-window's wrapper only added the
// "waiting" event, which the checks below give (ADR 054).
import { useEffect } from "react";
import { whenIdle } from "./lib/idle";

/** How long after the app's services start the service worker registers (ADR 054). */
export const serviceWorkerDelayMs = 5000;
/** Then the browser's idle moment, waited for at most this long. */
export const serviceWorkerIdleTimeoutMs = 5000;

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
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(
    (registration) => {
      // A version that installed on an earlier visit waits for this page to close; one the
      // browser found as the page loaded may still be installing.
      if (registration.waiting && navigator.serviceWorker.controller) console.log(newVersionMessage);
      else if (registration.installing) logWhenInstalled(registration.installing);
      registration.addEventListener("updatefound", () => {
        if (registration.installing) logWhenInstalled(registration.installing);
      });
    },
    (error: unknown) => {
      console.log("Service worker registration failed:", error);
    },
  );
}

/**
 * One of the app's services (web/app-services.tsx): registers the service worker 5 s after it
 * mounts, when the browser is idle then. Its install fetches the whole app shell to precache
 * it; registered at the first idle moment after `load`, it did so while the page hydrated and
 * made its first calls, and took the CPU and the network from them. A page left before then
 * does not register; the next visit that stays does.
 */
export function RegisterServiceWorkerWhenSettled() {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(registerServiceWorker, { timeout: serviceWorkerIdleTimeoutMs });
    }, serviceWorkerDelayMs);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, []);
  return null;
}
