// AzuraCast's public now-playing API, GET /api/nowplaying/{station}, under /azuracast/{mode}/.
// Modes: ok (query title, artist, album, art, next, listeners override the song), notitle,
// slow (answers after 5 s), garbage (HTML), 500, counted/{id} (counts hits, read them at
// GET /azuracast/hits/{id}), once/{id} (answers once, then 500; counted too).
import type { ServerResponse } from "node:http";
import { type FakeHandler, sendHtml, sendJson, sendJsonSlowly } from "./types.ts";

const hits = new Map<string, number>();

type Song = { title: string; artist: string; album: string; art: string };

function song({ title, artist, album, art }: Song, id: string) {
  return {
    id,
    text: `${artist} - ${title}`,
    artist,
    title,
    album,
    genre: "Lounge",
    isrc: "",
    lyrics: "",
    art,
  };
}

/** The documented now-playing document of one station. */
export function nowPlayingDocument(query: URLSearchParams, stationName: string) {
  const current: Song = {
    title: query.get("title") ?? "Harbour Lights",
    artist: query.get("artist") ?? "Azura Ensemble",
    album: query.get("album") ?? "Night Sessions",
    art: query.get("art") ?? "https://radio.example/api/station/1/art/current.jpg",
  };
  const nowSeconds = Math.floor(Date.now() / 1000);
  return {
    station: {
      id: 1,
      name: "Lounge Test Station",
      shortcode: stationName,
      listen_url: "https://radio.example/listen/lounge/radio.mp3",
      mounts: [
        {
          id: 1,
          name: "Lounge 320 kbps",
          url: "https://radio.example/listen/lounge/radio.mp3",
          bitrate: 320,
          format: "mp3",
          listeners: {
            total: Number(query.get("listeners") ?? 42),
            unique: Number(query.get("listeners") ?? 42),
            current: Number(query.get("listeners") ?? 42),
          },
          path: "/radio.mp3",
          is_default: true,
        },
      ],
    },
    listeners: {
      total: Number(query.get("listeners") ?? 42),
      unique: Number(query.get("listeners") ?? 42),
      current: Number(query.get("listeners") ?? 42),
    },
    live: { is_live: false, streamer_name: "", broadcast_start: null, art: null },
    now_playing: {
      sh_id: 100,
      played_at: nowSeconds - 60,
      duration: 240,
      playlist: "Default",
      streamer: "",
      is_request: false,
      song: song(current, "current"),
      elapsed: 60,
      remaining: 180,
    },
    playing_next:
      query.get("next") === "none"
        ? null
        : {
            cued_at: nowSeconds + 170,
            played_at: nowSeconds + 180,
            duration: 200,
            playlist: "Default",
            is_request: false,
            song: song(
              {
                title: query.get("next") ?? "Sunset Drive",
                artist: "Coastal Trio",
                album: "Warm Nights",
                art: "https://radio.example/api/station/1/art/next.jpg",
              },
              "next",
            ),
          },
    song_history: [
      {
        sh_id: 99,
        played_at: nowSeconds - 300,
        duration: 240,
        playlist: "Default",
        streamer: "",
        is_request: false,
        song: song(
          {
            title: "Earlier Tune",
            artist: "Old Friends",
            album: "",
            art: "https://radio.example/art/99.jpg",
          },
          "h99",
        ),
      },
    ],
    is_online: true,
    cache: null,
  };
}

function answer(res: ServerResponse, mode: string, rest: string[], query: URLSearchParams): true {
  const stationName = rest.at(-1) ?? "lounge";
  switch (mode) {
    case "ok":
      return sendJson(res, 200, nowPlayingDocument(query, stationName));
    case "notitle": {
      const doc = nowPlayingDocument(query, stationName);
      doc.now_playing.song = { ...doc.now_playing.song, title: "", artist: "", text: "" };
      return sendJson(res, 200, doc);
    }
    case "slow":
      return sendJsonSlowly(res, nowPlayingDocument(query, stationName));
    case "garbage":
      return sendHtml(res, "<!doctype html><html><body>502 Bad Gateway</body></html>");
    case "500":
      return sendJson(res, 500, { code: 500, type: "Exception", message: "Station is offline" });
    default:
      return sendJson(res, 404, { code: 404, message: "Station not found" });
  }
}

export const azuracast: FakeHandler = (req, res) => {
  const [prefix, mode = "", ...rest] = req.url.pathname.split("/").filter(Boolean);
  if (prefix !== "azuracast") return false;
  if (mode === "hits") return sendJson(res, 200, { hits: hits.get(rest[0] ?? "") ?? 0 });
  if (mode === "once") {
    // Answers the first request, then fails: a station that goes down.
    const id = rest[0] ?? "";
    const count = (hits.get(id) ?? 0) + 1;
    hits.set(id, count);
    return answer(res, count === 1 ? "ok" : "500", rest.slice(1), req.url.searchParams);
  }
  if (mode === "counted") {
    const id = rest[0] ?? "";
    hits.set(id, (hits.get(id) ?? 0) + 1);
    return answer(res, "ok", rest.slice(1), req.url.searchParams);
  }
  return answer(res, mode, rest, req.url.searchParams);
};
