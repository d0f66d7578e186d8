// The share page of a played track (issue 15): the site's own HTML, so a person who opens the
// link lands in the player, carrying Open Graph and Twitter card tags that name the track, so
// the link unfurls as "Title by Artist on {station}". Only recorded tracks have one: any other
// id is a 404, and no text from the address ever reaches the page.
import { Hono } from "hono";
import type { TrackHistoryItem } from "#schema/api.ts";
import { station } from "#schema/station.ts";
import type { AppEnv } from "../env";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { escapeHtml } from "../lib/escape-html";
import { findPlayedTrack } from "../lib/history";

/** The station's card, 1200x630 (web/public/icons/share-card.png). */
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
    `<meta property="og:image:alt" content="${escapeHtml(station.name)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${escapeHtml(imageUrl)}">`,
  ].join("");
}

export const share = new Hono<AppEnv>().get("/:id", async (c) => {
  const param = c.req.param("id");
  const id = /^[1-9][0-9]{0,15}$/.test(param) ? Number(param) : null;
  const track = id === null ? null : await findPlayedTrack(getDb(c.env.DB), id);
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
        head.append(shareTags(track, pageUrl, new URL(cardPath, site).toString()), { html: true });
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
