// The admin screens, lazy-loaded by the app shell so none of this (nor zod) reaches listeners.
// The shared stylesheet comes first: each piece's own CSS, imported by the piece, builds on it
// (a used debug token restyles .admin-card), so it must load later.
import "./admin.css";

export { AdminScreen } from "./admin-screen";
export { AdminCoversScreen } from "./covers-screen";
export { AdminDebugScreen } from "./debug-screen";
