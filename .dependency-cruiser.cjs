// The allowed direction of imports (docs/architecture.md). `npm run check:imports` runs this
// over the source in `npm test`; type-only imports count, so a cycle of types fails too.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "Two modules that import each other (directly or through others) cannot be read alone.",
      from: {},
      to: { circular: true },
    },
    {
      name: "schema-is-a-leaf",
      severity: "error",
      comment: "schema/ is shared by the worker and the web app: it imports neither.",
      from: { path: "^schema/" },
      to: { path: "^(web|worker|dev|tests)/" },
    },
    {
      name: "worker-and-web-apart",
      severity: "error",
      comment: "The worker and the web app share only schema/.",
      from: { path: "^worker/" },
      to: { path: "^(web|dev|tests)/" },
    },
    {
      name: "web-and-worker-apart",
      severity: "error",
      comment: "The web app reaches the worker over HTTP, never by import.",
      from: { path: "^web/" },
      to: { path: "^(worker|dev|tests)/" },
    },
    {
      name: "worker-lib-below-routes",
      severity: "error",
      comment: "worker/lib is the logic routes call; it never imports a route or the app.",
      from: { path: "^worker/(lib|live)/" },
      to: { path: "^worker/(routes/|app\\.ts|index\\.ts)" },
    },
    {
      name: "worker-live-not-in-lib",
      severity: "error",
      comment: "worker/lib does not know the live room; the room, routes and cron use lib.",
      from: { path: "^worker/lib/" },
      to: { path: "^worker/live/" },
    },
    {
      name: "worker-lib-knows-no-http",
      severity: "error",
      comment:
        "worker/lib takes (db|env, input) and answers data: HTTP (Hono, middleware, cookies, the request) lives in worker/http.",
      from: { path: "^worker/lib/" },
      to: { path: "^(worker/http/|node_modules/hono/)" },
    },
    {
      name: "worker-live-knows-no-http",
      severity: "error",
      comment:
        "The live room's Durable Objects use worker/lib; handling requests is the routes' and worker/http's.",
      from: { path: "^worker/live/" },
      to: { path: "^worker/http/" },
    },
    {
      name: "web-lib-is-the-bottom",
      severity: "error",
      comment: "web/lib (api client, queries, pure helpers) imports no component.",
      from: { path: "^web/lib/" },
      to: { path: "^web/(ui|features|routes|app\\.tsx|main\\.tsx)" },
    },
    {
      name: "web-ui-knows-no-screen",
      severity: "error",
      comment: "A primitive in web/ui does not know the features or screens that use it.",
      from: { path: "^web/ui/" },
      to: { path: "^web/(features|routes|app\\.tsx|main\\.tsx)" },
    },
    {
      name: "web-features-below-routes",
      severity: "error",
      comment: "Features span screens; a screen uses features, not the other way round.",
      from: { path: "^web/features/" },
      to: { path: "^web/(routes|app\\.tsx|main\\.tsx)" },
    },
    {
      name: "auth-knows-no-favorites",
      severity: "error",
      comment:
        "The heart opens the login (favorites -> auth); what favorites do after a login is the favorites' own (FavoritesSync), so the tie runs one way.",
      from: { path: "^web/features/auth/" },
      to: { path: "^web/features/favorites/" },
    },
    {
      name: "listener-code-carries-no-zod",
      severity: "error",
      comment:
        "The listener's pages take types from schema/api, never values: a value import brings zod's schemas (about 26 KB gzip) into the start-up chunk every page evaluates. Plain constants and rules live in zod-free modules (schema/rules.ts, schema/rewind.ts). The admin's screens validate with zod. ADR 044.",
      from: {
        path: "^web/",
        pathNot: "^web/(routes/admin/|lib/queries/(admin-pages|insights)\\.ts$)",
      },
      to: { path: "^(schema/api|node_modules/zod/)", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "app-code-imports-no-tests",
      severity: "error",
      from: { path: "^(web|worker|schema|dev)/" },
      to: { path: "^tests/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|\\.wrangler|schema/migrations)" },
    parser: "swc",
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
