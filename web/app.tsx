// App shell (header, main, footer, player bar, notifications) and the wouter route table.
// Every route but Home is its own lazy chunk; the admin and statistics screens stay out of
// the first load (budget: dev/size-budget.ts).
import { lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { Route, Switch, useLocation } from "wouter";
import { AudioProvider, PlayerBar } from "./features/player";
import { SiteHeader } from "./features/shell/site-header";
import { HomeScreen } from "./routes/home";
import { afterIdle, deferred } from "./ui/deferred";
import "./app.css";
// The footer's styles: its code hydrates after the rest (web/ui/deferred.tsx), its look is in the first paint.
import "./features/shell/site-footer.css";
// The styles of the small lazy parts every page loads (notifications, the offline notice,
// tooltips, the mobile menu) are part of the first load's inlined stylesheet: as stylesheets of
// their own, each would be one more request and restyle of the page while it hydrates.
import "./features/shell/mobile-menu.css";
import "./ui/dialog.css";
import "./ui/offline-notice.css";
import "./ui/toast.css";
import "./ui/tooltips.css";

// Below the fold on every page but a short one: it hydrates once it nears the viewport.
const SiteFooter = deferred(() => import("./features/shell/site-footer").then((m) => m.SiteFooter), {
  whenVisible: true,
});
// Markup only while offline: like the services, it mounts once the browser is idle (ADR 051).
const OfflineNotice = afterIdle(() => import("./ui/offline-notice").then((m) => m.OfflineNotice));
const AppServices = afterIdle(() => import("./app-services").then((m) => m.AppServices));

const AboutScreen = lazy(() => import("./routes/about").then((m) => ({ default: m.AboutScreen })));
const ContactScreen = lazy(() => import("./routes/contact").then((m) => ({ default: m.ContactScreen })));
const HistoryScreen = lazy(() => import("./routes/history").then((m) => ({ default: m.HistoryScreen })));
const FavoritesScreen = lazy(() =>
  import("./routes/favorites").then((m) => ({ default: m.FavoritesScreen })),
);
const AnalyticsScreen = lazy(() =>
  import("./routes/analytics").then((m) => ({ default: m.AnalyticsScreen })),
);
const InstallScreen = lazy(() => import("./routes/install").then((m) => ({ default: m.InstallScreen })));
const PageScreen = lazy(() => import("./routes/page").then((m) => ({ default: m.PageScreen })));
const TemplateScreen = lazy(() => import("./routes/template").then((m) => ({ default: m.TemplateScreen })));
const NotFoundScreen = lazy(() => import("./routes/not-found").then((m) => ({ default: m.NotFoundScreen })));
const AdminRoutes = lazy(() => import("./routes/admin/index").then((m) => ({ default: m.AdminRoutes })));

export function Routes() {
  return (
    <Switch>
      <Route path="/" component={HomeScreen} />
      {/* A shared track's page (worker/routes/share.ts): its link unfurls with the track; a person lands in the player. */}
      <Route path="/share/:id" component={HomeScreen} />
      <Route path="/about" component={AboutScreen} />
      <Route path="/contact" component={ContactScreen} />
      <Route path="/history" component={HistoryScreen} />
      <Route path="/favorites" component={FavoritesScreen} />
      <Route path="/analytics" component={AnalyticsScreen} />
      <Route path="/install" component={InstallScreen} />
      <Route path="/page/:slug">{(params) => <PageScreen slug={params.slug} />}</Route>
      {/* Every admin path: the admin chunk has its own table (routes/admin/index.tsx). */}
      <Route path="/pb/*?" component={AdminRoutes} />
      <Route path="/template" component={TemplateScreen} />
      <Route component={NotFoundScreen} />
    </Switch>
  );
}

/**
 * Re-mounts the route tree when the location changes (docs/product.md: "re-rendered when the location
 * key changes"), scrolls to the top, and fades the new page in (CSS, 0.3 s, none with
 * reduced motion). The first page is not animated, so the prerendered HTML paints at once.
 */
function RouteTransition({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const firstLocation = useRef(location);
  const navigated = useRef(false);
  if (location !== firstLocation.current) navigated.current = true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    if (navigated.current) window.scrollTo({ top: 0, left: 0 });
  }, [location]);
  useEffect(() => {
    // Set by the inline boot script when the prerendered HTML was for another path: ours now shows.
    document.documentElement.classList.remove("route-pending");
    // The first load's tree is committed: its controls answer now (end-to-end tests wait for it).
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <div key={location} className={navigated.current ? "page page-enter" : "page"}>
      <Suspense fallback={<p className="route-loading">Loading...</p>}>{children}</Suspense>
    </div>
  );
}

export function App() {
  // Once the shell has hydrated (this is the outermost component): a press the boot script kept
  // is carried out as soon as its button's part (the route's, a deferred one) has hydrated too
  // (ADR 035), and a press on a part React has not hydrated yet is kept too (ADR 047).
  useEffect(
    () =>
      void import("./ui/waiting-presses").then((m) => {
        m.replayEarlyPress();
        m.keepWaitingPresses();
      }, console.error),
    [],
  );
  return (
    <AudioProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <OfflineNotice />
      <main id="main" className="site-main" tabIndex={-1}>
        <RouteTransition>
          <Routes />
        </RouteTransition>
      </main>
      <SiteFooter />
      <PlayerBar />
      <AppServices />
    </AudioProvider>
  );
}
