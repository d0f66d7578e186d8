// A next-track widget endpoint (an array whose first item is the next track) under /widget/{mode}.
// Modes: ok (query title, artist, album, cover override the item), artwork (the image under
// `artwork` instead of `cover`), bare ([{}]), empty ([]), slow (after 5 s), garbage (HTML),
// object (JSON that is no array), 500, counted/{id} (counts hits, read them at GET /widget/hits/{id}),
// huge (a valid array of 2 MB, streamed without a Content-Length), endless (an array that never
// ends, streamed until the reader lets go).
import { type FakeHandler, sendHtml, sendJson, sendJsonSlowly } from "./types.ts";

const hits = new Map<string, number>();

function nextItem(query: URLSearchParams) {
  return {
    title: query.get("title") ?? "Sunset Drive",
    artist: query.get("artist") ?? "Coastal Trio",
    album: query.get("album") ?? "Warm Nights",
    cover: query.get("cover") ?? "https://widget.example/covers/sunset-drive.jpg",
    played_at: new Date(Date.now() + 120_000).toISOString(),
  };
}

export const widget: FakeHandler = (req, res) => {
  const [prefix, mode = "", id = ""] = req.url.pathname.split("/").filter(Boolean);
  if (prefix !== "widget") return false;
  const query = req.url.searchParams;
  switch (mode) {
    case "ok":
      return sendJson(res, 200, [nextItem(query), { ...nextItem(query), title: "Later Song" }]);
    case "artwork": {
      const { cover: _cover, ...item } = nextItem(query);
      return sendJson(res, 200, [{ ...item, artwork: "https://widget.example/artwork/next.png" }]);
    }
    case "bare":
      return sendJson(res, 200, [{}]);
    case "empty":
      return sendJson(res, 200, []);
    case "slow":
      return sendJsonSlowly(res, [nextItem(query)]);
    case "garbage":
      return sendHtml(res, "<html><body>Widget temporarily unavailable</body></html>");
    case "object":
      return sendJson(res, 200, { title: "Not in an array" });
    case "500":
      return sendJson(res, 500, { error: "internal" });
    case "huge":
    case "endless": {
      res.writeHead(200, { "Content-Type": "application/json" });
      const item = `${JSON.stringify(nextItem(query))},`;
      let sent = 0;
      res.write("[");
      const timer = setInterval(() => {
        if (res.destroyed || (mode === "huge" && sent >= 2 * 1024 * 1024)) {
          clearInterval(timer);
          if (!res.destroyed) res.end(`${JSON.stringify(nextItem(query))}]`);
          return;
        }
        const chunk = item.repeat(500);
        res.write(chunk);
        sent += chunk.length;
      }, 1);
      res.on("close", () => clearInterval(timer));
      return true;
    }
    case "counted":
      hits.set(id, (hits.get(id) ?? 0) + 1);
      return sendJson(res, 200, [nextItem(query)]);
    case "hits":
      return sendJson(res, 200, { hits: hits.get(id) ?? 0 });
    default:
      return sendJson(res, 404, { error: "unknown widget mode" });
  }
};
