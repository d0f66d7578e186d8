// App shell (header, main, footer, player bar, notifications) and the wouter route table.
// Every route but Home is its own lazy chunk; the admin and statistics screens stay out of
// the first load (budget: dev/size-budget.ts).
import { lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { Route, Switch, useLocation } from "wouter";
import { AuthResultNotice, LoginDialog } from "./features/auth";
import { LiveUpdates } from "./features/live";
import { AudioProvider, PlayerBar } from "./features/player";
import { SiteFooter } from "./features/shell/site-footer";
import { SiteHeader } from "./features/shell/site-header";
import { HomeScreen } from "./routes/home";
import { NotFoundScreen } from "./routes/not-found";
import { OfflineNotice } from "./ui/offline-notice";
import { Toaster } from "./ui/toast";
import "./app.css";

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
const AdminScreen = lazy(() => import("./routes/admin/index").then((m) => ({ default: m.AdminScreen })));
const AdminDebugScreen = lazy(() =>
  import("./routes/admin/index").then((m) => ({ default: m.AdminDebugScreen })),
);

export function Routes() {
  return (
    <Switch>
      <Route path="/" component={HomeScreen} />
      <Route path="/about" component={AboutScreen} />
      <Route path="/contact" component={ContactScreen} />
      <Route path="/history" component={HistoryScreen} />
      <Route path="/favorites" component={FavoritesScreen} />
      <Route path="/analytics" component={AnalyticsScreen} />
      <Route path="/install" component={InstallScreen} />
      <Route path="/page/:slug">{(params) => <PageScreen slug={params.slug} />}</Route>
      <Route path="/pb" component={AdminScreen} />
      <Route path="/pb/debug" component={AdminDebugScreen} />
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
    // Set by the inline theme script when the prerendered HTML was for another path: ours now shows.
    document.documentElement.classList.remove("route-pending");
  }, []);
  return (
    <div key={location} className={navigated.current ? "page page-enter" : "page"}>
      <Suspense fallback={<p className="route-loading">Loading...</p>}>{children}</Suspense>
    </div>
  );
}

export function App() {
  return (
    <AudioProvider>
      <LiveUpdates />
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
      <LoginDialog />
      <AuthResultNotice />
      <Toaster />
    </AudioProvider>
  );
}
