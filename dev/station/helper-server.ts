// The helper HTTP server beside Icecast: the next-track widget format, the station's status,
// the calls that let tests rotate the title, drop or restore a feed and add or remove listeners
// (fake-listeners.ts), the cover-art
// providers' stand-in (cover-art-fake.ts), and the in-band titles evaluation (in-band-harness.ts).
import { createServer, type Server } from "node:http";
import { coverArtFake } from "./cover-art-fake.ts";
import { type FakeListeners, maxFakeListeners } from "./fake-listeners.ts";
import type { Feeds, Quality } from "./feeds.ts";
import { inBandHarness } from "./in-band-harness.ts";

export async function startHelperServer(
  helperUrl: string,
  helperPort: number,
  station: Feeds,
  icecastUrl: string,
  listeners: FakeListeners,
): Promise<Server> {
  const { feeds, current, next, rotate, startFeed, stopFeed } = station;
  const helper: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", helperUrl);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
      res.end(JSON.stringify(body));
    };
    if (/^\/(musicbrainz|coverartarchive)\//.test(url.pathname)) {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        if (!coverArtFake(req, res, url, Buffer.concat(chunks).toString("utf8")))
          send(404, { error: "not_found" });
      });
      return;
    }
    if (req.method === "GET" && inBandHarness(req, res, url, icecastUrl)) return;
    if (req.method === "GET" && url.pathname === "/listeners") {
      return send(200, { total: listeners.total(), ...listeners.counts() });
    }
    const listenerControl = url.pathname.match(/^\/listeners\/(add|remove)$/);
    if (req.method === "POST" && listenerControl) {
      const count = Number(url.searchParams.get("count") ?? "1");
      const quality = url.searchParams.get("quality") ?? (listenerControl[1] === "add" ? "mobile" : null);
      if (!Number.isInteger(count) || count < 1 || count > maxFakeListeners)
        return send(400, { error: "bad_count", message: `count must be 1 to ${maxFakeListeners}` });
      if (quality !== null && !(quality in feeds))
        return send(400, { error: "bad_quality", message: "quality must be hd, sd or mobile" });
      const done =
        listenerControl[1] === "add"
          ? listeners.add(count, quality as Quality)
          : Promise.resolve(listeners.remove(count, (quality ?? undefined) as Quality | undefined));
      return void done.then(
        () => send(200, { total: listeners.total(), ...listeners.counts() }),
        (err) => send(502, { error: "icecast_refused", message: String(err) }),
      );
    }
    const feedControl = url.pathname.match(/^\/feeds\/(hd|sd|mobile)\/(stop|start)$/);
    if (req.method === "GET" && url.pathname === "/next-track") {
      const track = next();
      // The next-track widget format: an array whose first item is the next track.
      return send(200, [{ title: track.title, artist: track.artist, album: track.album, cover: null }]);
    }
    if (req.method === "GET" && url.pathname === "/status") {
      return send(200, {
        current: current(),
        next: next(),
        feeds: Object.fromEntries(Object.values(feeds).map((f) => [f.quality, Boolean(f.process)])),
      });
    }
    if (req.method === "POST" && url.pathname === "/rotate") {
      return void rotate().then(
        (rotation) => send(200, { current: current(), ...rotation }),
        (err) => send(500, { error: String(err) }),
      );
    }
    if (req.method === "POST" && feedControl) {
      const feed = feeds[feedControl[1] as Quality];
      const action = feedControl[2] === "stop" ? stopFeed(feed) : startFeed(feed);
      return void action.then(
        () => send(200, { [feed.quality]: Boolean(feed.process) }),
        (err) => send(500, { error: String(err) }),
      );
    }
    send(404, { error: "not_found" });
  });
  await new Promise<void>((r, reject) => {
    helper.once("error", reject);
    helper.listen(helperPort, "127.0.0.1", () => r());
  });
  return helper;
}
