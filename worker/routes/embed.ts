// The embeddable player (/embed, docs/product.md §10): a page of its own (web/embed.html, built
// apart from the app) that any site may frame. Only this page's policy admits framing by anyone;
// the site's other pages keep frame-ancestors 'none' (the widget's frame: 'self'). It sets no
// cookie and reads no session.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { embedPolicy } from "../http/security-headers";
import { ConfigError, getConfig } from "../lib/config";

/** What only the embed's page has: anything else the assets answer (the app) is never framed. */
const embedMarker = '<main class="embed"';

export const embed = new Hono<AppEnv>().get("/", async (c) => {
  let policy: string;
  try {
    policy = await embedPolicy(getConfig(c.env));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return jsonError(c, 503, "The player is not configured.", "server_misconfigured");
  }
  // The assets answer /embed with embed.html (and /embed.html with a redirect here).
  const page = await c.env.ASSETS.fetch(new URL("/embed", c.req.url));
  const html = page.ok ? await page.text() : "";
  if (!html.includes(embedMarker)) return jsonError(c, 404, "The embeddable player is not built.");
  c.set("ownPolicy", { contentSecurityPolicy: policy, framedBy: "anyone" });
  return c.html(html, 200, {
    // A partner's page may cache it briefly; a deploy's new script names are picked up soon.
    "Cache-Control": "public, max-age=300",
  });
});
