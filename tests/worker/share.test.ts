import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { insertPlays } from "./support/track-history";

const newestId = async () =>
  (await env.DB.prepare("select max(id) as id from track_history").first<{ id: number }>())?.id ?? 0;

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

beforeEach(() => clearTables("track_history"));

describe("GET /share/{historyId}", () => {
  it("is the site's page with Open Graph and Twitter card tags naming the played track", async () => {
    await insertPlays([
      { title: "Velvet Harbour", artist: "Nightfall Quartet", album: "Harbour Lights", at: Date.now() },
    ]);
    const id = await newestId();
    const res = await request(`/share/${id}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const html = await res.text();
    // The app itself: a person lands in the player.
    expect(html).toContain('<div id="root">');
    expect(html).toContain("<title>Velvet Harbour by Nightfall Quartet on Lounge Radio</title>");
    expect(meta(html, "og:title")).toBe("Velvet Harbour by Nightfall Quartet on Lounge Radio");
    expect(meta(html, "og:description")).toContain("from Harbour Lights");
    expect(meta(html, "description")).toBe(meta(html, "og:description"));
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, "og:url")).toBe(new URL(`/share/${id}`, env.SITE_URL).toString());
    expect(meta(html, "og:image")).toBe(new URL("/icons/share-card.png", env.SITE_URL).toString());
    expect([meta(html, "og:image:width"), meta(html, "og:image:height")]).toEqual(["1200", "630"]);
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "twitter:title")).toBe("Velvet Harbour by Nightfall Quartet on Lounge Radio");
  });

  it("escapes what the radio host sent: no markup of a title reaches the page", async () => {
    await insertPlays([{ title: '"><script>alert(1)</script>', artist: "A & B <i>", at: Date.now() }]);
    const html = await (await request(`/share/${await newestId()}`)).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<i>");
    expect(meta(html, "og:title")).toBe(
      "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; by A &amp; B &lt;i&gt; on Lounge Radio",
    );
    expect(html).toContain(
      // Element text: a quote needs no escaping there.
      '<title>"&gt;&lt;script&gt;alert(1)&lt;/script&gt; by A &amp; B &lt;i&gt; on Lounge Radio</title>',
    );
  });

  it("is a 404, never indexed, for an id that was never recorded or is not an id", async () => {
    await insertPlays([{ title: "Slow Tide", artist: "Amber Sato", at: Date.now() }]);
    const missing = (await newestId()) + 1;
    for (const path of [
      `/share/${missing}`,
      "/share/0",
      "/share/abc",
      "/share/1e3",
      "/share/-1",
      `/share/${"9".repeat(30)}`,
    ]) {
      const res = await request(path, { headers: { Accept: "text/html" } });
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
      expect(html, path).not.toContain("og:title");
    }
  });
});
