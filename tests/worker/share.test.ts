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
    expect(meta(html, "og:image")).toBe(new URL(`/share/${id}/card.png`, env.SITE_URL).toString());
    expect(meta(html, "og:image:alt")).toBe("Velvet Harbour by Nightfall Quartet on Lounge Radio");
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

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const cardOf = async (id: number, init?: RequestInit) => request(`/share/${id}/card.png`, init);

async function storedCards(): Promise<string[]> {
  return (await env.IMAGES.list({ prefix: "share-cards/" })).objects.map((object) => object.key);
}

describe("GET /share/{historyId}/card.png", () => {
  beforeEach(async () => {
    const keys = await storedCards();
    if (keys.length > 0) await env.IMAGES.delete(keys);
  });

  it("is a 1200x630 PNG drawn once per track, kept in R2 and revalidated by its ETag", async () => {
    await insertPlays([
      { title: "Velvet Harbour", artist: "Nightfall Quartet", album: "Harbour Lights", at: 1 },
    ]);
    const first = await newestId();
    await insertPlays([
      { title: "Velvet Harbour", artist: "Nightfall Quartet", album: "Harbour Lights", at: 2 },
    ]);
    const res = await cardOf(first);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("public");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    expect(await storedCards()).toHaveLength(1);

    // The same track played again is the same stored image, not a second drawing.
    const again = await cardOf(await newestId());
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    expect(await storedCards()).toHaveLength(1);
    const etag = again.headers.get("etag");
    expect(etag).toMatch(/^"/);
    const revalidated = await cardOf(first, { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(revalidated.status).toBe(304);
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);

    // The edge keeps what it served: with R2 emptied, the card still comes, the same bytes.
    await env.IMAGES.delete(await storedCards());
    const fromEdge = await cardOf(first);
    expect(fromEdge.status).toBe(200);
    expect(new Uint8Array(await fromEdge.arrayBuffer())).toEqual(bytes);
    expect(await storedCards()).toHaveLength(0);
  });

  it("draws each track's own words: two tracks give two different cards", async () => {
    await insertPlays([{ title: "Slow Tide", artist: "Amber Sato", at: 1 }]);
    const slowTide = new Uint8Array(await (await cardOf(await newestId())).arrayBuffer());
    await insertPlays([{ title: "Slow Tides", artist: "Amber Sato", at: 2 }]);
    const slowTides = new Uint8Array(await (await cardOf(await newestId())).arrayBuffer());
    expect(pngSize(slowTides)).toEqual({ width: 1200, height: 630 });
    expect(slowTides).not.toEqual(slowTide);
    expect(await storedCards()).toHaveLength(2);
  });

  it("draws what the radio host sent as text, markup and control characters included", async () => {
    await insertPlays([{ title: '"><script>alert(1)</script>\u0007 & </svg>', artist: "A & B <i>", at: 1 }]);
    const res = await cardOf(await newestId());
    expect(res.status).toBe(200);
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it("is the station's own card for a track its fonts cannot write", async () => {
    await insertPlays([{ title: "夜のカフェ", artist: "Tokyo Lounge", at: 1 }]);
    const res = await cardOf(await newestId());
    expect(res.status).toBe(200);
    const stationCard = await (await env.ASSETS.fetch("http://localhost/icons/share-card.png")).arrayBuffer();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(stationCard));
    expect(await storedCards()).toHaveLength(0);
  });

  it("is a JSON 404 for an id never recorded or not an id, and draws nothing", async () => {
    await insertPlays([{ title: "Slow Tide", artist: "Amber Sato", at: 1 }]);
    for (const id of [`${(await newestId()) + 1}`, "0", "abc", "9007199254740993", "1e3"]) {
      const res = await request(`/share/${id}/card.png`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await storedCards()).toHaveLength(0);
  });
});
