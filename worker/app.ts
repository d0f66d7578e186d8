// The Hono app: middleware in a fixed order, routes under /api, JSON errors, static assets.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./env";
import { apiBodyLimit } from "./http/body-limit";
import { errorCodeFor, jsonError, keepCookiesPrivate, mutableHeaders } from "./http/http";
import { publicCache } from "./http/public-cache";
import { requestGuards } from "./http/request-guards";
import { logError, requestLog } from "./http/request-log";
import { applySecurityHeaders } from "./http/security-headers";
import { loadUser } from "./http/session";
import { type Config, ConfigError, getConfig } from "./lib/config";
import { Refusal } from "./lib/refusal";
import { auth } from "./routes/auth";
import { clientConfig } from "./routes/config";
import { contact } from "./routes/contact";
import { embed } from "./routes/embed";
import { favorites, migrateFavoritesRoute } from "./routes/favorites";
import { health } from "./routes/health";
import { images } from "./routes/images";
import { insightsRoutes } from "./routes/insights";
import { listening } from "./routes/listening";
import { pages } from "./routes/pages";
import { radio } from "./routes/radio";
import { reportsRoutes } from "./routes/reports";
import { rewind } from "./routes/rewind";
import { share } from "./routes/share";
import { sleepTimer } from "./routes/sleep-timer";
import { stats } from "./routes/stats";
import { trackArtworkRoutes } from "./routes/track-artwork";
import { trackHistory } from "./routes/track-history";
import { upload } from "./routes/upload";
import { widgets } from "./routes/widgets";

function configOrUndefined(env: Env): Config | undefined {
  try {
    return getConfig(env);
  } catch {
    return undefined;
  }
}

/** PUBLIC_CACHE_SECONDS (5): no more than the 30 s statistics allow any cache (history allows browsers none). */
const publicAnswers = publicCache();
/**
 * The health check is the same for everyone, ok or not: a flood of it costs the database and the
 * live room one read per isolate every few seconds (ADR 032), and a monitor sees a state at most
 * that old.
 */
const healthAnswers = publicCache({ maxEntries: 1, statuses: [200, 503], byQuery: false, forSessions: true });

const api = new Hono<AppEnv>()
  .route("/health", health)
  .route("/config", clientConfig)
  .route("/radio", radio)
  .route("/track-history", trackHistory)
  .route("/stats", stats)
  .route("/favorites", favorites)
  .route("/listening", listening)
  .route("/sleep-timer", sleepTimer)
  .route("/contact", contact)
  .route("/auth/migrate-favorites", migrateFavoritesRoute)
  .route("/auth", auth)
  .route("/pages", pages)
  .route("/upload", upload)
  .route("/track-artwork", trackArtworkRoutes)
  .route("/insights", insightsRoutes)
  .route("/reports", reportsRoutes)
  .route("/rewind", rewind);

export const app = new Hono<AppEnv>()
  // First, so it sees the final response (onError's included) and times everything after it.
  .use(requestLog)
  .use(async (c, next) => {
    await next();
    // A WebSocket handshake's response carries the socket: it must pass through untouched.
    if (c.res.status === 101) return;
    const headers = mutableHeaders(c);
    await applySecurityHeaders(headers, configOrUndefined(c.env), c.get("ownPolicy"));
    keepCookiesPrivate(headers);
  })
  .use("/api/*", requestGuards)
  // After the guards (they refuse without reading a body), before anything reads one.
  .use("/api/*", apiBodyLimit)
  // History and statistics: the same answer for every anonymous visitor. Not the pages: an
  // admin's edit is read back at once, by anyone.
  .use("/api/track-history", publicAnswers)
  .use("/api/stats", publicAnswers)
  .use("/api/health", healthAnswers)
  // The radio calls and the live connection never need the user: no session read for them.
  .use("/api/*", (c, next) => (c.req.path.startsWith("/api/radio/") ? next() : loadUser(c, next)))
  .route("/api", api)
  .all("/api/*", (c) => jsonError(c, 404, `No API route matches ${c.req.method} ${c.req.path}`))
  .route("/images", images)
  .route("/share", share)
  .route("/widgets", widgets)
  .route("/embed", embed)
  .get("/images/*", (c) => jsonError(c, 404, "Image not found"))
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

app.onError((err, c) => {
  if (err instanceof Refusal) return jsonError(c, err.status, err.message);
  if (err instanceof HTTPException) {
    const status = err.status;
    return c.json({ error: errorCodeFor(status), message: err.message || "Request failed" }, status);
  }
  if (err instanceof ConfigError) {
    logError(c, "server misconfigured", err);
    return jsonError(c, 500, "The server is not configured correctly.", "server_misconfigured");
  }
  // Logged with the route pattern, never the path (it can hold a session id or a token).
  logError(c, "unhandled error", err);
  return jsonError(c, 500, "Something went wrong on our side. Please try again.");
});

app.notFound((c) => jsonError(c, 404, `No route matches ${c.req.method} ${c.req.path}`));
