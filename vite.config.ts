import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { compileHints } from "./dev/compile-hints.ts";
import { prerender } from "./dev/prerender.ts";
import { station } from "./schema/station.ts";

// The lazy parts a page hydrates as it starts (web/ui/deferred.tsx): the ones of every page, and
// the home page's. Each list goes into one chunk with what it imports (below), so a page fetches
// two or three chunks after its entry, not some thirty small ones that come to light one import
// after another, each linked and evaluated on its own while the page hydrates.
const startupParts = {
  startup: [
    "web/app-services.tsx",
    "web/register-sw.ts",
    "web/features/live/apply-message.ts",
    "web/features/live/connection.ts",
    "web/features/live/in-step.ts",
    "web/lib/listening-delay.ts",
    "web/features/player/integrations.tsx",
    "web/features/player/player-settings.tsx",
    "web/features/player/track-actions.tsx",
    "web/features/shell/site-footer.tsx",
    "web/features/sleep-timer/index.ts",
    "web/ui/offline-notice.tsx",
    "web/ui/press-replay.ts",
    "web/ui/waiting-presses.ts",
    // Shared by the home page's sections, the other screens and the mobile menu: here, so that a
    // page other than the home page does not load the home page's chunk for them.
    "web/lib/tracks.ts",
    "web/ui/content-icons.tsx",
    "web/ui/played-track.tsx",
    "web/ui/track-artwork.tsx",
    "web/ui/youtube-link.tsx",
  ],
  "home-parts": [
    "web/routes/home-features.tsx",
    "web/routes/home-sections.tsx",
    "web/routes/hero-background.tsx",
  ],
};
// React (react, react-dom, scheduler: 207 KB of the entry's 291) goes into a chunk of its own,
// which the entry imports (ADR 057): its compile finishes in a main-thread task of its own, apart
// from the app's, and a deploy that changes only the app leaves it cached. (The bundler then puts
// its runtime, which both use, in a third chunk of under 1 KB.)
const reactChunk = "react";
const reactModules = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** The name the bundler gives that runtime's chunk; it runs at start, as React does. */
const runtimeChunk = "rolldown-runtime";
const startupGroup = (name: keyof typeof startupParts) => ({
  name,
  test: (id: string) => startupParts[name].some((part) => id.replaceAll("\\", "/").endsWith(`/${part}`)),
});

// The SPA is built into dist/client, which wrangler serves as the worker's static assets.
// `npm run build` first builds web/entry-server.tsx for Node into dist/server (`--ssr`), then
// the client, whose prerender plugin renders the public routes' HTML with it (dev/prerender.ts).
// `vite build --mode embed` (after the site's build) adds the embeddable player: its own page
// and script (web/embed.html), chunked apart from the app, so a partner's page loads no React.
const embedBuild = defineConfig({
  root: "web",
  publicDir: false,
  build: {
    outDir: "../dist/client",
    emptyOutDir: false,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { embed: resolve(import.meta.dirname, "web/embed.html") } },
  },
});

export default defineConfig(({ isSsrBuild, mode }) =>
  mode === "embed"
    ? embedBuild
    : {
        root: "web",
        publicDir: "public",
        // React's own useSyncExternalStore for the shim wouter imports (web/lib/use-sync-external-store.ts).
        resolve: {
          alias: [
            {
              find: /^use-sync-external-store\/shim(\/index\.js)?$/,
              replacement: resolve(import.meta.dirname, "web/lib/use-sync-external-store.ts"),
            },
          ],
        },
        plugins: [
          react(),
          // The boot script preloads the start-up chunks a page hydrates with its entry (ADR 056).
          prerender({ every: "startup", others: ["home-parts"] satisfies (keyof typeof startupParts)[] }),
          // The entry, React's chunk and the bundler's runtime (ADR 057), and the chunk of the parts
          // every page starts (ADR 052).
          ...(isSsrBuild ? [] : [compileHints([reactChunk, runtimeChunk, "startup"])]),
          VitePWA({
            // Registered by web/register-sw.ts once the page has settled, not by an injected script.
            injectRegister: false,
            registerType: "prompt",
            filename: "sw.js",
            manifestFilename: "manifest.webmanifest",
            manifest: {
              name: station.name,
              short_name: station.name,
              description: station.siteDescription,
              start_url: "/",
              scope: "/",
              display: "standalone",
              background_color: "#120f1f",
              theme_color: "#120f1f",
              icons: [
                { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
                { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
                { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
                // No SVG: Chrome would draw it on the page's main thread as it starts (ADR 059).
              ],
            },
            workbox: {
              // The app shell: scripts, styles, the prerendered pages, icons. Nothing else is cached:
              // no runtime caching, so API answers and the audio stream always come from the network.
              globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
              navigateFallback: "/index.html",
              navigateFallbackDenylist: [/^\/api\//, /^\/images\//, /^\/embed/],
              cleanupOutdatedCaches: true,
              // One file at the root (sw.js), no separate workbox-*.js.
              inlineWorkboxRuntime: true,
              sourcemap: false,
            },
          }),
        ],
        build: isSsrBuild
          ? { outDir: "../dist/server", emptyOutDir: true, sourcemap: false, copyPublicDir: false }
          : {
              outDir: "../dist/client",
              emptyOutDir: true,
              sourcemap: false,
              // Every browser the site supports knows <link rel="modulepreload">.
              modulePreload: { polyfill: false },
              rolldownOptions: {
                output: {
                  codeSplitting: {
                    groups: [
                      // React in a chunk of its own (ADR 057).
                      { name: reactChunk, test: (id: string) => reactModules.test(id) },
                      { name: "initial", tags: ["$initial"] },
                      startupGroup("startup"),
                      startupGroup("home-parts"),
                    ],
                  },
                },
              },
            },
      },
);
