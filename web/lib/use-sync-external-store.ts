// wouter takes useSyncExternalStore from the use-sync-external-store shim, for React 17. React 18
// and later have it, and the shim then hands on React's own, but its code still came into the
// entry. vite.config.ts resolves the shim to this module (ADR 057).
export { useSyncExternalStore } from "react";
