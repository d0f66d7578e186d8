// Global styles first: the stylesheets of the components in the first load come after them, so a
// component class beats a shared one of the same specificity (.menu-button over .icon-button).
// The prerender inlines this entry stylesheet and leaves a disabled link to it, so Vite's loader
// does not link it again after a lazy chunk's stylesheet (dev/prerender.ts, ADR 015).
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/controls.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { Provider as JotaiProvider } from "jotai";
import { StrictMode, startTransition } from "react";
import { App } from "./app";
import { yieldToBrowser } from "./lib/idle";
import { queryClient } from "./lib/query-client";
import { appStore } from "./lib/store";
import { appOwnsPresses } from "./ui/early-press";

// web/index.html has it; every prerendered page is made from it.
const root = document.getElementById("root") as HTMLElement;

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>
        <App />
      </JotaiProvider>
    </QueryClientProvider>
  </StrictMode>
);

// The build prerenders the public routes (dev/prerender.ts) and marks <html data-route>.
// Hydrate when the HTML was made for this path; otherwise (the SPA fallback serves the
// home page's HTML for /page/..., unknown paths and the dev server) render from scratch.
// Each in a task of its own, so that none adds to another on a slow phone: this script's
// evaluation (the app's modules); React-DOM's start-up (a CommonJS module, evaluated when first
// imported: ADR 068); the root's creation; then React's first render, in slices (ADR 055).
void yieldToBrowser().then(async () => {
  const client = await import("react-dom/client");
  await yieldToBrowser();
  const prerenderedFor = document.documentElement.dataset.route;
  appOwnsPresses();
  const path = location.pathname.replace(/(.)\/$/, "$1");
  if (prerenderedFor !== undefined && prerenderedFor === path && root.hasChildNodes()) {
    // In a transition, React hydrates in slices of a few milliseconds and lets the browser paint and
    // answer input between them; outside one, the whole first render is a single long task.
    startTransition(() => {
      client.hydrateRoot(root, app);
    });
  } else {
    client.createRoot(root).render(app);
  }
});
