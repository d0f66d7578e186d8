// What a page runs (an init script, before the app) so a benchmark or test can hear a track
// change and see the title change: the app's <audio> element is routed through a Web Audio
// analyser that names the local station's tone every 10 ms, the player bar's title is watched,
// and every live message's arrival is noted. All times are Date.now() of the page. Run after the
// load instead (WebDriver has no init script), it wires the element already in the page.
export type SyncLog = {
  /** [tone in Hz, when it became audible] each time the dominant tone changes. */
  heard: [number, number][];
  /** The last time any of the station's tones was heard (the music plays). */
  soundAt: number;
  /**
   * [the last read hearing a tone, the next read hearing one] around reads that heard none, once
   * the music had been heard: silences, as long as about one analyser window (43 ms) or longer.
   */
  silences: [number, number][];
  /** [read, next read] when reads were further apart than a window: the page heard nothing then. */
  stalls: [number, number][];
  /** [player bar title, when it was shown]. */
  titles: [string, number][];
  /**
   * [current title of a live message, when it arrived, the host's change as the room stamped it],
   * each time the title differs from the last.
   */
  received: [string, number, number][];
};

export function installSyncProbe(tones: number[]): void {
  const log: SyncLog = { heard: [], soundAt: 0, silences: [], stalls: [], titles: [], received: [] };
  (window as unknown as { syncProbe: SyncLog }).syncProbe = log;

  // The stream is cross-origin: without CORS mode the analyser would hear silence.
  const src = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "src");
  let context: AudioContext | null = null;
  const wired = new WeakSet<HTMLMediaElement>();
  Object.defineProperty(HTMLMediaElement.prototype, "src", {
    configurable: true,
    get(this: HTMLMediaElement) {
      return src?.get?.call(this);
    },
    set(this: HTMLMediaElement, value: string) {
      this.crossOrigin = "anonymous";
      src?.set?.call(this, value);
      listen(this);
    },
  });

  function listen(element: HTMLMediaElement) {
    if (wired.has(element)) return;
    wired.add(element);
    context ??= new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    analyser.smoothingTimeConstant = 0;
    context.createMediaElementSource(element).connect(analyser);
    analyser.connect(context.destination);
    const bins = new Float32Array(analyser.frequencyBinCount);
    const binWidth = context.sampleRate / analyser.fftSize;
    let candidate: number | null = null;
    let candidateAt = 0;
    let run = 0;
    const windowMs = (analyser.fftSize / context.sampleRate) * 1000;
    let readAt = 0;
    let quiet = false;
    setInterval(() => {
      if (context?.state === "suspended") void context.resume();
      analyser.getFloatFrequencyData(bins);
      const levels = tones.map((hz) => bins[Math.round(hz / binWidth)] ?? -200);
      const sorted = [...levels].sort((a, b) => b - a);
      const [best = -200, second = -200] = sorted;
      const tone = best > second + 10 && best > -60 ? (tones[levels.indexOf(best)] ?? null) : null;
      const now = Date.now();
      if (readAt > 0 && now - readAt > windowMs) log.stalls.push([readAt, now]);
      readAt = now;
      if (tone !== null) {
        if (quiet) log.silences.push([log.soundAt, now]);
        quiet = false;
        log.soundAt = now;
      } else if (log.soundAt > 0) quiet = true;
      if (tone === null || tone === log.heard.at(-1)?.[0]) {
        candidate = null;
        return;
      }
      if (tone !== candidate) {
        candidate = tone;
        // The window is 2048 samples: the tone took half of it to dominate.
        candidateAt = Date.now() - windowMs / 2;
        run = 0;
      }
      if (++run >= 3) log.heard.push([tone, Math.round(candidateAt)]);
    }, 10);
  }

  // Installed after the load: the element is there before any source is set. A context made
  // before a press may be kept suspended until one (autoplay rules), and some engines let it
  // resume only within the press itself.
  for (const element of document.querySelectorAll("audio")) {
    element.crossOrigin = "anonymous";
    listen(element);
  }
  document.addEventListener("click", () => void context?.resume(), { capture: true });

  new MutationObserver(() => {
    const title = document.querySelector(".player-track-title")?.textContent?.trim();
    if (title && title !== log.titles.at(-1)?.[0]) log.titles.push([title, Date.now()]);
  }).observe(document, { subtree: true, childList: true, characterData: true });

  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener("message", (event) => {
        try {
          const message = JSON.parse(String(event.data)) as { current?: { title?: string }; at?: number };
          const title = message.current?.title;
          if (title && title !== log.received.at(-1)?.[0])
            log.received.push([title, Date.now(), message.at ?? 0]);
        } catch {
          // a pong
        }
      });
    }
  };
}

/** A station rotation as its helper answers POST /rotate. */
export type HeardRotation = {
  current: { title: string; tone: number };
  toneAt: number;
  titledAt: Record<string, number>;
};
/** Offsets from the audible change (ms), and the room's stamp minus the station's change. */
export type ChangeOffsets = { title: number; receipt: number; stamp: number };

/**
 * The offsets of the change to the rotation's track once it settled: heard, shown, and still shown
 * 1.5 s past both (a title that flickered back counts from its last showing). Null until then.
 */
export function settledChange(
  log: SyncLog,
  rotation: HeardRotation,
  since: number,
  now: number,
): ChangeOffsets | null {
  const heard = log.heard.find(([tone, at]) => tone === rotation.current.tone && at >= since);
  const shown = log.titles.filter(([title, at]) => title === rotation.current.title && at >= since).at(-1);
  // A page without the live connection (the in-band evaluation) has no receipt and no stamp.
  const received = log.received.find(([title, at]) => title === rotation.current.title && at >= since);
  const last = log.titles.at(-1);
  if (!heard || !shown || last !== shown || now < Math.max(heard[1], shown[1]) + 1500) return null;
  return {
    title: shown[1] - heard[1],
    receipt: received ? received[1] - heard[1] : Number.NaN,
    stamp: received ? received[2] - (rotation.titledAt.hd ?? rotation.toneAt) : Number.NaN,
  };
}
