// The played-tracks widget's frame, as the worker serves it (worker/routes/widgets.ts) and the
// history screen shows it (web/routes/history.tsx): where it is, its sandbox (scripts, never the
// site's origin), and the message it tells its height with.
export const widgetFramePath = "/widgets/played-tracks";
export const widgetSandbox = "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms";
export const widgetHeightMessage = "played-tracks-height";
