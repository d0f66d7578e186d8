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
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { yieldToBrowser } from "./lib/idle";
import { queryClient } from "./lib/query-client";
import { appStore } from "./lib/store";
import { appOwnsPresses } from "./ui/early-press";

const root = document.getElementById("root");
if (!root) throw new Error("no #root");

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
// In a task of its own: with the evaluation of this script (React's own start-up) in the same
// task, the two crossed 10 ms at full speed, a long task on a slow phone (ADR 055).
void yieldToBrowser().then(() => {
  const prerenderedFor = document.documentElement.dataset.route;
  appOwnsPresses();
  const path = location.pathname.replace(/(.)\/$/, "$1");
  if (prerenderedFor !== undefined && prerenderedFor === path && root.hasChildNodes()) {
    // In a transition, React hydrates in slices of a few milliseconds and lets the browser paint and
    // answer input between them; outside one, the whole first render is a single long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
});
