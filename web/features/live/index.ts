export { LiveUpdates } from "./live-updates";
