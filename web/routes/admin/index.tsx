// The admin screens, lazy-loaded by the app shell so none of this (nor zod) reaches listeners:
// one chunk, one route in the shell's table (every /pb path), switched here; an admin path that
// names no screen is the site's Page Not Found.
// The shared stylesheet comes first: each piece's own CSS, imported by the piece, builds on it
// (a used debug token restyles .admin-card), so it must load later.
import "./admin.css";
import { Route, Switch } from "wouter";
import { NotFoundScreen } from "../not-found";
import { AdminScreen } from "./admin-screen";
import { AdminCoversScreen } from "./covers-screen";
import { AdminDebugScreen } from "./debug-screen";
import { AdminEmbedScreen } from "./embed-screen";
import { AdminInsightsScreen } from "./insights/insights-screen";
import { AdminReportsScreen } from "./reports-screen";
import { AdminRewindScreen } from "./rewind-screen";

export {
  AdminCoversScreen,
  AdminDebugScreen,
  AdminEmbedScreen,
  AdminInsightsScreen,
  AdminReportsScreen,
  AdminRewindScreen,
  AdminScreen,
};

export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/pb/debug" component={AdminDebugScreen} />
      <Route path="/pb/covers" component={AdminCoversScreen} />
      <Route path="/pb/insights" component={AdminInsightsScreen} />
      <Route path="/pb/embed" component={AdminEmbedScreen} />
      <Route path="/pb/reports" component={AdminReportsScreen} />
      <Route path="/pb/rewind" component={AdminRewindScreen} />
      <Route path="/pb" component={AdminScreen} />
      <Route component={NotFoundScreen} />
    </Switch>
  );
}
