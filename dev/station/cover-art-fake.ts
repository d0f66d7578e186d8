// The local stand-in for MusicBrainz and the Cover Art Archive, in their real formats: the
// recording search (/musicbrainz/ws/2/recording?query=…&fmt=json, hits with their `isrcs`), a
// release's lookup with its labels (/musicbrainz/ws/2/release/{mbid}?inc=labels&fmt=json,
// `label-info`) and a release group's front
// cover (/coverartarchive/release-group/{mbid}/front-500, and its 250-pixel thumbnail front-250,
// each a 307 to the image, as the archive redirects to archive.org). It knows the playlist's tracks but one (so the station's placeholder
// shows too) and whatever a test adds (POST /musicbrainz/catalog); covers are real PNGs.
//
// A catalog entry's cover may be "png" (a 500x500 image), "huge" (over the worker's 2 MB limit),
// "html" (a page served as image/jpeg) or "none" (the archive has no front); an artist named
// "Busy Band" gets the 503 MusicBrainz answers over its rate limit, "Slow Responder" an answer
// after 10 s. GET /musicbrainz/hits?artist=… counts the searches that named an artist (and the
// release lookups of its releases). An entry may carry an ISRC and a label; a label of
// "[no label]" is MusicBrainz's own mark for a self-released record. A search that finds an entry
// with `searchDelayMs` answers that much later (a cover found after its track ended); one with
// `smallCover: "cut"` sends its thumbnail's headers and half its bytes, then drops the connection.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { playlist } from "./playlist.ts";
import { rgbPng } from "./png.ts";

export type CoverKind = "png" | "huge" | "html" | "none";
type CatalogEntry = {
  artist: string;
  title: string;
  album: string;
  cover: CoverKind;
  isrc?: string | null;
  label?: string | null;
  searchDelayMs?: number;
  smallCover?: "cut";
};

/** The playlist's tracks but one; each but "Paper Lanterns" has an ISRC (as MusicBrainz writes them). */
const catalog: CatalogEntry[] = playlist
  .filter((track) => track.artist !== "Soft Static")
  .map((track, i) => ({
    ...track,
    cover: "png",
    isrc: track.title === "Paper Lanterns" ? null : `QZLRD26${String(i + 1).padStart(5, "0")}`,
    label: `${track.album} Records`,
  }));
const searches = new Map<string, number[]>();
const releaseLookups = new Map<string, number>();
const noLabelId = "157afde4-4bf5-4039-8ad2-5a15acc85176";

function uuidOf(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** A size x size PNG: a diagonal gradient in colours taken from the seed, a ring in the middle. */
function coverPng(seed: string, size = 500): Buffer {
  const h = createHash("sha256").update(seed).digest();
  const [r1, g1, b1, r2, g2, b2] = [...h.subarray(0, 6)] as [number, number, number, number, number, number];
  return rgbPng(size, size, (x, y) => {
    const t = (x + y) / (2 * size);
    const ring = Math.abs(Math.hypot(x - size / 2, y - size / 2) - size / 4) < size / 40 ? 0.35 : 0;
    const mix = (a: number, b: number) => Math.round((a * (1 - t) + b * t) * (1 - ring) + 255 * ring);
    return [mix(r1, r2), mix(g1, g2), mix(b1, b2)];
  });
}

const loose = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** The phrase after `field:` in a Lucene query, unescaped. */
function field(query: string, name: string): string {
  const match = query.match(new RegExp(`${name}:"((?:[^"\\\\]|\\\\.)*)"`));
  return match ? (match[1] as string).replace(/\\(.)/g, "$1") : "";
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): true {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
  return true;
}

const releaseId = (e: CatalogEntry) => uuidOf(`release ${e.artist} ${e.album} ${e.title}`);

/** The catalog entries a search for the title and artist finds. */
const entriesFor = (title: string, artist: string) =>
  catalog.filter(
    (e) =>
      loose(e.title).includes(loose(title)) && loose(e.artist).includes(loose(artist).replace(/^the /, "")),
  );

function recordingsFor(found: CatalogEntry[]) {
  return found.map((e) => ({
    id: uuidOf(`recording ${e.artist} ${e.title}`),
    score: 100,
    title: e.title,
    "artist-credit": [
      { name: e.artist, joinphrase: "", artist: { id: uuidOf(`artist ${e.artist}`), name: e.artist } },
    ],
    ...(e.isrc ? { isrcs: [e.isrc] } : {}),
    releases: [
      {
        id: releaseId(e),
        title: e.album,
        status: "Official",
        "release-group": { id: uuidOf(`group ${e.artist} ${e.album}`), "primary-type": "Album" },
      },
    ],
  }));
}

/** Answers the request when its path is the fake's own; false to pass it on. */
export function coverArtFake(req: IncomingMessage, res: ServerResponse, url: URL, body: string): boolean {
  if (req.method === "POST" && url.pathname === "/musicbrainz/catalog") {
    const entry = JSON.parse(body) as CatalogEntry;
    catalog.push(entry);
    return send(res, 201, { releaseGroup: uuidOf(`group ${entry.artist} ${entry.album}`) });
  }
  if (req.method === "GET" && url.pathname === "/musicbrainz/hits") {
    const key = loose(url.searchParams.get("artist") ?? "");
    const times = searches.get(key) ?? [];
    return send(res, 200, { hits: times.length, at: times, releases: releaseLookups.get(key) ?? 0 });
  }
  const release = url.pathname.match(/^\/musicbrainz\/ws\/2\/release\/([0-9a-f-]{36})$/);
  if (req.method === "GET" && release) {
    const entry = catalog.find((e) => releaseId(e) === release[1]);
    if (!entry) return send(res, 404, { error: "Not Found" });
    releaseLookups.set(loose(entry.artist), (releaseLookups.get(loose(entry.artist)) ?? 0) + 1);
    const labels = (url.searchParams.get("inc") ?? "").split(/[+ ]/).includes("labels");
    const label = entry.label;
    const info = label
      ? [
          {
            "catalog-number": label === "[no label]" ? null : "LR-001",
            label: {
              id: label === "[no label]" ? noLabelId : uuidOf(`label ${label}`),
              name: label,
              "sort-name": label,
              disambiguation: "",
              "label-code": null,
            },
          },
        ]
      : [];
    return send(res, 200, {
      id: release[1],
      title: entry.album,
      status: "Official",
      ...(labels ? { "label-info": info } : {}),
    });
  }
  if (req.method === "GET" && url.pathname === "/musicbrainz/ws/2/recording") {
    const query = url.searchParams.get("query") ?? "";
    const artist = field(query, "artist");
    const title = field(query, "recording");
    const key = loose(artist);
    searches.set(key, [...(searches.get(key) ?? []), Date.now()]);
    if (!req.headers["user-agent"]?.includes("(")) {
      return send(res, 403, { error: "Please identify your application in the User-Agent header" });
    }
    if (artist === "Busy Band") {
      return send(res, 503, { error: "Your requests are exceeding the allowable rate limit." });
    }
    const found = entriesFor(title, artist);
    const recordings = recordingsFor(found);
    const answer = { created: new Date().toISOString(), count: recordings.length, offset: 0, recordings };
    const delayMs =
      artist === "Slow Responder" ? 10_000 : Math.max(0, ...found.map((e) => e.searchDelayMs ?? 0));
    if (delayMs > 0) {
      setTimeout(() => send(res, 200, answer), delayMs);
      return true;
    }
    return send(res, 200, answer);
  }
  const front = url.pathname.match(/^\/coverartarchive\/release-group\/([0-9a-f-]{36})\/front-(250|500)$/);
  if (req.method === "GET" && front) {
    const entry = catalog.find((e) => uuidOf(`group ${e.artist} ${e.album}`) === front[1]);
    if (!entry || entry.cover === "none") return send(res, 404, { error: "No cover art found" });
    const small = front[2] === "250" ? "-250" : "";
    res.writeHead(307, {
      Location: `/coverartarchive/images/${front[1]}${small}.${entry.cover === "png" ? "png" : "jpg"}`,
    });
    res.end();
    return true;
  }
  const image = url.pathname.match(/^\/coverartarchive\/images\/([0-9a-f-]{36})(-250)?\.(png|jpg)$/);
  if (req.method === "GET" && image) {
    const entry = catalog.find((e) => uuidOf(`group ${e.artist} ${e.album}`) === image[1]);
    if (!entry) return send(res, 404, { error: "not found" });
    if (entry.cover === "html") {
      res.writeHead(200, { "Content-Type": "image/jpeg" });
      res.end("<html><body>Moved</body></html>");
      return true;
    }
    // Over 2 MB: a real PNG signature, then filler.
    const bytes =
      entry.cover === "huge"
        ? Buffer.concat([coverPng(entry.album, 16), Buffer.alloc(3 * 1024 * 1024)])
        : coverPng(`${entry.artist} ${entry.album}`, image[2] ? 250 : 500);
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(bytes.length) });
    if (image[2] && entry.smallCover === "cut") {
      res.write(bytes.subarray(0, bytes.length >> 1), () => res.destroy());
      return true;
    }
    res.end(bytes);
    return true;
  }
  return false;
}
