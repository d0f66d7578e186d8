// The admin screens, lazy-loaded by the app shell so none of this (nor zod) reaches listeners:
// one chunk, one route in the shell's table (every /pb path), switched here.
// The shared stylesheet comes first: each piece's own CSS, imported by the piece, builds on it
// (a used debug token restyles .admin-card), so it must load later.
import "./admin.css";
import { Route, Switch } from "wouter";
import { AdminScreen } from "./admin-screen";
import { AdminCoversScreen } from "./covers-screen";
import { AdminDebugScreen } from "./debug-screen";

export { AdminCoversScreen, AdminDebugScreen, AdminScreen };

export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/pb/debug" component={AdminDebugScreen} />
      <Route path="/pb/covers" component={AdminCoversScreen} />
      <Route component={AdminScreen} />
    </Switch>
  );
}
