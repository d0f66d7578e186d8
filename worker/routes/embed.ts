// The embeddable player (/embed, docs/product.md §10): a page of its own (web/embed.html, built
// apart from the app) that any site may frame. Only this page's policy admits framing; the site's
// other pages keep frame-ancestors 'none'. It sets no cookie and reads no session.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { embedPolicy } from "../http/security-headers";
import { getConfig } from "../lib/config";

export const embed = new Hono<AppEnv>().get("/", async (c) => {
  c.set("ownPolicy", { contentSecurityPolicy: await embedPolicy(getConfig(c.env)), framedBy: "anyone" });
  // The assets answer /embed with embed.html (and /embed.html with a redirect here).
  const page = await c.env.ASSETS.fetch(new URL("/embed", c.req.url));
  if (!page.ok) return page;
  return new Response(page.body, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // A partner's page may cache it briefly; a deploy's new script names are picked up soon.
      "Cache-Control": "public, max-age=300",
    },
  });
});
