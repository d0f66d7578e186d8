// The admin screens, lazy-loaded by the app shell so none of this (nor zod) reaches listeners.
import "./admin.css";

export { AdminScreen } from "./admin-screen";
export { AdminDebugScreen } from "./debug-screen";
