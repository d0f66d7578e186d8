// The evaluation of in-band titles in the browser (ADR 020): a page on the station's
// helper that plays a mount through icecast-metadata-player (Media Source Extensions) and shows
// each title when that library says it is heard, and the mounts proxied on the same origin.
// Debian's Icecast 2.4.4 ignores the CORS preflight a page's Icy-MetaData header needs, so a page
// on another origin cannot read in-band titles from it at all; the proxy stands in for the
// nginx that hosts who offer in-band titles put in front of it. Used by npm run bench:sync only.
import { createReadStream, existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { request } from "node:http";
import { join, resolve } from "node:path";

const libraryDir = resolve(import.meta.dirname, "../../node_modules/icecast-metadata-player/build");

const page = (library: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>In-band titles</title></head>
<body>
<p class="player-track-title"></p>
<audio></audio>
<script src="/in-band/lib/${library}"></script>
<script>
  window.startInBand = (mount) => {
    const title = document.querySelector(".player-track-title");
    const player = new IcecastMetadataPlayer("/in-band/" + mount, {
      audioElement: document.querySelector("audio"),
      metadataTypes: ["icy"],
      playbackMethod: "mediasource",
      // Called when the audio reaches the title's place in the stream, not when it arrives.
      onMetadata: (metadata) => {
        const streamTitle = metadata.StreamTitle || "";
        title.textContent = streamTitle.slice(streamTitle.indexOf(" - ") + 3);
      },
    });
    return player.play();
  };
</script>
</body></html>`;

/** Answers /in-band/... ; false for any other path. */
export function inBandHarness(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  icecastUrl: string,
): boolean {
  if (!url.pathname.startsWith("/in-band/")) return false;
  const rest = url.pathname.slice("/in-band/".length);
  if (rest === "") {
    const library = existsSync(libraryDir)
      ? "icecast-metadata-player-1.17.13.main.min.js"
      : "missing-icecast-metadata-player.js";
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(page(library));
    return true;
  }
  const file = /^lib\/(icecast-metadata-player-[\w.-]+\.js)$/.exec(rest)?.[1];
  if (file) {
    const path = join(libraryDir, file);
    if (!existsSync(path)) return false;
    res.writeHead(200, { "Content-Type": "text/javascript" });
    createReadStream(path).pipe(res);
    return true;
  }
  if (!/^(hd|sd|mobile)$/.test(rest)) return false;
  const upstream = request(`${icecastUrl}/${rest}`, {
    headers: { "Icy-MetaData": String(req.headers["icy-metadata"] ?? "0") },
  });
  upstream.on("response", (answer) => {
    const pass = ["content-type", "icy-metaint", "icy-br", "icy-name"];
    const headers = Object.fromEntries(
      pass.flatMap((name) => (answer.headers[name] ? [[name, answer.headers[name]]] : [])),
    );
    res.writeHead(answer.statusCode ?? 502, { ...headers, "Cache-Control": "no-store" });
    answer.pipe(res);
  });
  upstream.on("error", () => res.destroy());
  req.on("close", () => upstream.destroy());
  upstream.end();
  return true;
}
