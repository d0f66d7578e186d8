// The share page of a played track (docs/product.md §10): the site's own HTML, so a person who opens the
// link lands in the player, carrying Open Graph and Twitter card tags that name the track, so
// the link unfurls as "Title by Artist on {station}". Only recorded tracks have one: any other
// id is a 404, and no text from the address ever reaches the page.
import { Hono } from "hono";
import type { TrackHistoryItem } from "#schema/api.ts";
import { station } from "#schema/station.ts";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { escapeHtml } from "../lib/escape-html";
import { findPlayedTrack } from "../lib/history";

/** The station's card, 1200x630 (web/public/icons/share-card.png), for a track the card cannot write. */
const cardPath = "/icons/share-card.png";

export function shareTitle(track: Pick<TrackHistoryItem, "title" | "artist">): string {
  return `${track.title} by ${track.artist} on ${station.name}`;
}

function shareTags(track: TrackHistoryItem, pageUrl: string, imageUrl: string): string {
  const title = escapeHtml(shareTitle(track));
  const description = escapeHtml(
    `${track.title} by ${track.artist}${track.album ? `, from ${track.album}` : ""}, played on ${station.name}: ${station.tagline}`,
  );
  return [
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="music.song">`,
    `<meta property="og:site_name" content="${escapeHtml(station.name)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${title}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${escapeHtml(imageUrl)}">`,
  ].join("");
}

/** The played track an address names, or null for an id never recorded or not an id. */
async function playedTrack(db: D1Database, param: string): Promise<TrackHistoryItem | null> {
  const id = /^[1-9][0-9]{0,15}$/.test(param) ? Number(param) : Number.NaN;
  return Number.isSafeInteger(id) ? findPlayedTrack(getDb(db), id) : null;
}

/** The played track's card, the station's own when the card's fonts cannot write its text; null for no track. */
async function drawnCard(env: AppEnv["Bindings"], param: string, url: string): Promise<Response | null> {
  const track = await playedTrack(env.DB, param);
  if (!track) return null;
  const headers = new Headers({
    "Content-Type": "image/png",
    // A played track never changes; a new design reaches crawlers within a day.
    "Cache-Control": "public, max-age=86400",
  });
  // Loaded by the first card asked for: the renderer (resvg's 2.4 MB wasm and two fonts) is
  // nothing every other request, or every worker test file, should load.
  const { storedShareCard } = await import("../lib/share-card/store");
  const card = await storedShareCard(env.IMAGES, track);
  if (!card) {
    const stationCard = await env.ASSETS.fetch(new Request(new URL(cardPath, url)));
    return new Response(stationCard.body, { status: stationCard.status, headers });
  }
  headers.set("ETag", card.etag);
  headers.set("Content-Length", String(card.size));
  return new Response(card.body, { headers });
}

export const share = new Hono<AppEnv>()
  .get("/:id/card.png", async (c) => {
    // Each edge location keeps the card it served (the Cache API), in front of R2 and the drawing.
    const edge = caches.default;
    const key = new URL(c.req.path, c.req.url).toString();
    const cached = await edge.match(key);
    const res = cached
      ? new Response(cached.body, cached)
      : await drawnCard(c.env, c.req.param("id"), c.req.url);
    if (!res) return jsonError(c, 404, "Track not found");
    if (!cached && res.status === 200) c.executionCtx.waitUntil(edge.put(key, res.clone()));
    const etag = res.headers.get("ETag");
    const ifNoneMatch = c.req.header("If-None-Match")?.split(/\s*,\s*/) ?? [];
    if (etag && ifNoneMatch.includes(etag)) {
      await res.body?.cancel();
      return new Response(null, { status: 304, headers: res.headers });
    }
    return res;
  })
  .get("/:id", async (c) => {
    const track = await playedTrack(c.env.DB, c.req.param("id"));
    const site = new URL(getConfig(c.env).SITE_URL);
    const app = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));
    if (!track) {
      // The player still, for a person with an old link; never indexed.
      const notFound = new HTMLRewriter()
        .on("head", {
          element: (head) => {
            head.append('<meta name="robots" content="noindex">', { html: true });
          },
        })
        .transform(app);
      return new Response(notFound.body, {
        status: 404,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    }
    const pageUrl = new URL(`/share/${track.id}`, site).toString();
    const page = new HTMLRewriter()
      .on("title", {
        element: (title) => {
          title.setInnerContent(shareTitle(track));
        },
      })
      // Replaced with one escaped here (shareTags): lol-html escapes only the quote in attributes.
      .on('meta[name="description"]', {
        element: (meta) => {
          meta.remove();
        },
      })
      .on("head", {
        element: (head) => {
          head.append(shareTags(track, pageUrl, new URL(`/share/${track.id}/card.png`, site).toString()), {
            html: true,
          });
        },
      })
      .transform(app);
    return new Response(page.body, {
      status: 200,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        // A played track never changes; the page's scripts do with each deploy.
        "Cache-Control": "public, max-age=300",
      },
    });
  });
