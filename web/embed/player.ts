// The embed's player: the site's stream source (Media Source Extensions where the browser can,
// else the element, ADR 030) and its reconnect rules, without React: a stall of 8 s is a drop,
// retries back off from 1 s to 30 s, and after 2 minutes the player stops ("Stream unavailable").
// The site's own player is web/features/player/playback.ts; this one holds no state in storage.
import { createReconnector } from "#web/features/player/reconnector.ts";
import { createStreamSource } from "#web/features/player/stream-source.ts";
import { streamStallTimeoutMs } from "#web/lib/constants.ts";
import type { PlaybackStatus } from "#web/lib/playback-status.ts";

export type EmbedPlayer = ReturnType<typeof createEmbedPlayer>;

export function createEmbedPlayer(audio: HTMLAudioElement, onStatus: (status: PlaybackStatus) => void) {
  let status: PlaybackStatus = "stopped";
  let wantsPlay = false;
  let url: string | null = null;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  /** A new source is loading: the pause the element reports meanwhile is not the listener's. */
  let swapping = false;

  const setStatus = (next: PlaybackStatus) => {
    if (next === status) return;
    status = next;
    onStatus(next);
  };
  const clearStall = () => {
    clearTimeout(stallTimer);
    stallTimer = undefined;
  };
  const reconnector = createReconnector(() => {
    if (wantsPlay) start(true);
  });
  const stop = (end: "stopped" | "unavailable") => {
    wantsPlay = false;
    swapping = false;
    reconnector.cancel();
    clearStall();
    source.unload();
    setStatus(end);
  };
  const reconnect = () => {
    if (!wantsPlay) return;
    clearStall();
    if (reconnector.schedule()) setStatus("reconnecting");
    else stop("unavailable");
  };
  const armStall = () => {
    if (stallTimer !== undefined || !wantsPlay) return;
    stallTimer = setTimeout(() => {
      stallTimer = undefined;
      reconnect();
    }, streamStallTimeoutMs);
  };
  const source = createStreamSource(audio, {
    wantsPlay: () => wantsPlay,
    status: () => status,
    setStatus,
    armStall,
    recovered: () => {
      clearStall();
      reconnector.succeeded();
    },
    restart: (cacheBust = true) => start(cacheBust),
  });

  function start(cacheBust: boolean) {
    if (!url) return;
    clearStall();
    swapping = true;
    source.start(url, cacheBust);
    armStall();
    audio.play().catch((error: unknown) => {
      const name = (error as { name?: unknown } | null)?.name;
      if (name === "AbortError") return;
      swapping = false;
      if (name === "NotAllowedError" || !wantsPlay) stop("stopped");
      else reconnect();
    });
  }

  // Paused or played from outside (media keys, headphones unplugged, the system): followed, as
  // the site's player does.
  audio.addEventListener("play", () => {
    wantsPlay = true;
    if (status === "stopped" || status === "unavailable") setStatus("connecting");
  });
  audio.addEventListener("pause", () => {
    if (status === "unavailable" || !wantsPlay) return;
    if (audio.ended) return reconnect();
    if (status === "reconnecting" || swapping) return;
    stop("stopped");
  });
  audio.addEventListener("playing", () => {
    swapping = false;
    if (!wantsPlay) return;
    clearStall();
    reconnector.succeeded();
    setStatus("playing");
  });
  for (const type of ["waiting", "stalled"]) audio.addEventListener(type, () => wantsPlay && armStall());
  audio.addEventListener("timeupdate", () => status === "playing" && clearStall());
  audio.addEventListener("ended", reconnect);
  audio.addEventListener("error", () => {
    if (audio.hasAttribute("src")) source.mediaError(reconnect);
  });

  return {
    get status() {
      return status;
    },
    play(streamUrl: string) {
      url = streamUrl;
      wantsPlay = true;
      reconnector.cancel();
      setStatus("connecting");
      start(false);
    },
    pause: () => stop("stopped"),
    /** How late the listener hears the host (exact on the MSE path), null when nothing plays. */
    delayMs: () => (status === "playing" ? source.delayMs() : null),
    /** Another quality: joined without a gap while playing through MSE, else started afresh. */
    switchTo(streamUrl: string) {
      url = streamUrl;
      if (!wantsPlay) return;
      if (status === "playing" && source.switchTo(streamUrl)) return;
      reconnector.cancel();
      start(false);
    },
  };
}
