// The Hono app: middleware in a fixed order, routes under /api, JSON errors, static assets.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { type Config, ConfigError, getConfig } from "./lib/config";
import { errorCodeFor, jsonError } from "./lib/http";
import { requestGuards } from "./lib/request-guards";
import { applySecurityHeaders } from "./lib/security-headers";
import { clientConfig } from "./routes/client-config";
import { health } from "./routes/health";

export type AppEnv = { Bindings: Env };

function configOrUndefined(env: Env): Config | undefined {
  try {
    return getConfig(env);
  } catch {
    return undefined;
  }
}

const api = new Hono<AppEnv>().route("/health", health).route("/config", clientConfig);

export const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    // Responses from bindings (ASSETS, R2) carry immutable headers: copy before adding ours.
    const res = new Response(c.res.body, c.res);
    applySecurityHeaders(res.headers, configOrUndefined(c.env));
    c.res = res;
  })
  .use("/api/*", requestGuards)
  .route("/api", api)
  .all("/api/*", (c) => jsonError(c, 404, `No API route matches ${c.req.method} ${c.req.path}`))
  .get("/images/*", (c) => jsonError(c, 404, "Image not found"))
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

app.onError((err, c) => {
  if (err instanceof HTTPException) {
    const status = err.status;
    return c.json({ error: errorCodeFor(status), message: err.message || "Request failed" }, status);
  }
  if (err instanceof ConfigError) {
    console.error(err.message);
    return jsonError(c, 500, "The server is not configured correctly.", "server_misconfigured");
  }
  console.error("Unhandled error", c.req.method, c.req.path, err);
  return jsonError(c, 500, "Something went wrong on our side. Please try again.");
});

app.notFound((c) => jsonError(c, 404, `No route matches ${c.req.method} ${c.req.path}`));

export type AppType = typeof api;
