// Guards every state-changing API request: it must come from this site (CSRF), and a
// JSON route takes only JSON bodies. Hono's csrf() alone does not cover JSON requests.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { getConfig } from "../lib/config";
import { jsonError } from "./http";

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Routes whose bodies are not JSON: the image upload (multipart) and the login-link form. */
const nonJsonRoutes = new Set(["/api/upload", "/api/auth/verify"]);

export function isSameOrigin(request: Request, siteUrl: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    return origin === new URL(request.url).origin || origin === new URL(siteUrl).origin;
  }
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin" || site === "none";
  // Neither header: not a browser (browsers send Origin on every state-changing request),
  // so not a cross-site request forgery.
  return true;
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("Content-Length");
  if (length !== null) return Number(length) > 0;
  return request.headers.has("Transfer-Encoding") || request.body !== null;
}

export const requestGuards: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!stateChanging.has(c.req.method)) return next();
  if (!isSameOrigin(c.req.raw, getConfig(c.env).SITE_URL)) {
    return jsonError(c, 403, "Cross-origin requests are not allowed.", "cross_origin");
  }
  if (!nonJsonRoutes.has(c.req.path) && hasBody(c.req.raw)) {
    const type = c.req.header("Content-Type") ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      return jsonError(c, 415, "Send the request body as application/json.");
    }
  }
  return next();
};
