// Registers the service worker built by vite-plugin-pwa (/sw.js, scope /). A new version
// is only logged (it activates on the next visit); a failed registration is only logged.
import { Workbox } from "workbox-window";

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const wb = new Workbox("/sw.js", { scope: "/" });
  wb.addEventListener("waiting", () => {
    console.log("A new version of the site is available; it loads on your next visit.");
  });
  wb.register().catch((error: unknown) => {
    console.log("Service worker registration failed:", error);
  });
}
