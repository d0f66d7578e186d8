// The embeddable player's entry (/embed, docs/product.md §10): made to be framed by any site. It
// plays the station through the site's stream source, shows the live title and cover pushed by
// the live room (polled every 30 s while that connection is down), in step with what it plays,
// and writes no cookie and no storage. Its options come from its query (schema/embed.ts).

import type { ClientConfig, LiveMessage, NowPlaying } from "#schema/api.ts";
import { type EmbedOptions, readEmbedOptions } from "#schema/embed.ts";
import { station } from "#schema/station.ts";
import { connectLive, type LiveConnection, liveUrl } from "#web/features/live/connection.ts";
import { createInStep } from "#web/features/live/in-step.ts";
import { nowPlayingPollMs, type StreamQuality } from "#web/lib/constants.ts";
import { setLivePassSource } from "#web/lib/live-pass.ts";
import type { PlaybackStatus } from "#web/lib/playback-status.ts";
import { coverPx, showCover } from "./cover";
import { createEmbedListening } from "./listening";
import { createEmbedPlayer } from "./player";

const statusText: Record<PlaybackStatus, string> = {
  stopped: "",
  connecting: "Connecting…",
  playing: "",
  reconnecting: "Reconnecting…",
  unavailable: "Stream unavailable",
};

const element = <T extends Element>(selector: string) => document.querySelector(selector) as T;

function applyOptions(options: EmbedOptions) {
  const root = document.documentElement;
  root.dataset.theme = options.theme;
  if (options.accent) root.style.setProperty("--accent", `#${options.accent}`);
  element<HTMLElement>(".embed").dataset.layout = options.layout;
  for (const part of document.querySelectorAll<HTMLElement>("[data-part]")) {
    part.hidden = !options.parts.includes(part.dataset.part as EmbedOptions["parts"][number]);
  }
}

function showTrack(track: Pick<NowPlaying, "title" | "artist" | "artwork">, layout: EmbedOptions["layout"]) {
  element<HTMLElement>(".embed-title").textContent = track.title;
  element<HTMLElement>(".embed-artist").textContent = track.artist;
  document.title = `${track.title} · ${track.artist} · ${station.name}`;
  showCover(element<HTMLElement>(".embed-cover"), track.artwork, track.title, coverPx[layout]);
}

async function getJson<T>(path: string): Promise<T | null> {
  try {
    const res = await fetch(path, { credentials: "omit" });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

function start() {
  const options = readEmbedOptions(location.search);
  applyOptions(options);
  const play = element<HTMLButtonElement>(".embed-play");
  const volume = element<HTMLInputElement>(".embed-volume");
  const quality = element<HTMLSelectElement>(".embed-quality");
  const status = element<HTMLElement>(".embed-status");
  // Made here, not in the page: a live stream has no captions to offer.
  const audio = document.createElement("audio");
  audio.preload = "none";
  element<HTMLElement>(".embed").append(audio);
  element<HTMLAnchorElement>(".embed-link").textContent = `Open ${station.name}`;
  element<HTMLElement>(".embed-station").textContent = station.name;
  quality.value = options.quality;
  audio.volume = Number(volume.value) / 100;

  // The title follows the live room; each change shows when this listener hears it.
  const inStep = createInStep({
    apply: (message: LiveMessage) => showTrack(message.current, options.layout),
    delayMs: () => player.delayMs(),
  });
  const player = createEmbedPlayer(audio, (next) => {
    inStep.recheck();
    if (next === "playing") stretches.playing();
    else if (next === "stopped" || next === "unavailable") stretches.stopped();
    const on = next !== "stopped" && next !== "unavailable";
    play.setAttribute("aria-pressed", String(on));
    play.setAttribute("aria-label", on ? "Pause" : "Play");
    play.setAttribute("aria-busy", String(next === "connecting" || next === "reconnecting"));
    status.textContent = statusText[next];
  });

  const stretches = createEmbedListening(() => quality.value as StreamQuality);

  let streams: ClientConfig["streams"] | null = null;
  void getJson<ClientConfig>("/api/config").then((config) => {
    streams = config?.streams ?? null;
    play.disabled = streams === null;
    if (!streams) status.textContent = statusText.unavailable;
  });
  play.addEventListener("click", () => {
    if (!streams) return;
    if (player.status === "stopped" || player.status === "unavailable") {
      connectOnce();
      player.play(streams[quality.value as StreamQuality]);
    } else player.pause();
  });
  volume.addEventListener("input", () => {
    audio.volume = Number(volume.value) / 100;
  });
  quality.addEventListener("change", () => {
    if (streams) player.switchTo(streams[quality.value as StreamQuality]);
  });

  // Until the first play the title is polled while the frame can be seen: a partner's page
  // with the embed nobody plays holds no live connection. From the first play the live room
  // pushes it (polled again only while that connection is down).
  let live = false;
  let version = -1;
  const poll = async () => {
    if (live || (document.visibilityState === "hidden" && player.status !== "playing")) return;
    const now = await getJson<NowPlaying>("/api/radio/now-playing");
    if (now && !live) showTrack(now, options.layout);
  };
  void poll();
  setInterval(poll, nowPlayingPollMs);
  document.addEventListener("visibilitychange", () => void poll());
  let connection: LiveConnection | null = null;
  function connectOnce() {
    if (connection || typeof WebSocket === "undefined") return;
    connection = connectLive(liveUrl(location), {
      onOpenChange: (open) => {
        live = open;
      },
      onMessage: (message, firstOfConnection) => {
        if (message.version <= version && !firstOfConnection) return;
        version = message.version;
        inStep.offer(message);
      },
    });
    setLivePassSource(connection.requestPass);
  }
}

start();
