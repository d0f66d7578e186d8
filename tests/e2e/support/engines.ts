// The listener's journeys in any engine (dev/engines): a fresh page per test in the engine's
// browser, the player read as the listener sees it, and presses that are real clicks. What the
// page shows is read in one call (readPlayer) and every wait polls it from here, so the conditions
// are plain TypeScript and a timeout says what the page showed last.
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { type EngineBrowser, type EngineName, type EnginePage, launchEngine } from "#dev/engines/index.ts";
import { keepFailure } from "./artefacts.ts";
import { type Quality, stationHelper } from "./station.ts";

/** Registers hooks that give each test a fresh page in `engine`; answers an accessor for it. */
export function setupEngine(engine: EngineName): { readonly page: EnginePage } {
  let browser: EngineBrowser | undefined;
  let page: EnginePage | undefined;
  beforeAll(async () => {
    browser = await launchEngine(engine, { baseUrl: inject("baseUrl") });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error(`${engine} did not start`);
    page = await browser.newPage();
  });
  afterEach(async (context) => {
    const current = page;
    page = undefined;
    if (!current) return;
    await keepFailure(context, {
      screenshot: (path) => current.screenshot(path),
      consoleLines: current.consoleLines(),
    });
    await current.close();
  });
  return {
    get page(): EnginePage {
      if (!page) throw new Error("no page: use inside a test");
      return page;
    },
  };
}

/** What the listener sees of the player, and what the page's one `<audio>` element does. */
export type PlayerView = {
  audio: {
    paused: boolean;
    currentTime: number;
    readyState: number;
    /** The station's mount it plays (/hd, /sd, /mobile): its `data-stream`, else its `src`. */
    mount: string | null;
    volume: number;
    engine: string | null;
    error: string | null;
  } | null;
  /** The player bar's play button: "Play" or "Pause". */
  playButton: string | null;
  /** The player bar's status line ("", "Reconnecting…", …). */
  status: string | null;
  /** The hero's button on the home page: its text and aria-pressed. */
  hero: { text: string; pressed: boolean } | null;
  track: { title: string; artist: string };
  /** The home page's Now Playing card's title, and its label ("Now Playing", or "… · not live"). */
  cardTitle: string | null;
  cardLabel: string | null;
  /** Rewound: the host moment heard (ms) and how far behind live the bar says it is; else null. */
  rewound: { heardAt: number; behind: string | null } | null;
  /** The rewind strip shows its scrubber ('Moment to play'). */
  rewindSlider: boolean;
  /** The heart of the player bar's track. */
  heart: string | null;
  /** The header's sleep-timer button ("Sleep timer", or "Sleep timer, 14:59 left"). */
  sleepTimer: string | null;
  dialog: string | null;
  path: string;
};

/** Runs in the page: serialised, so everything it uses is inside it. */
function readPlayer(): PlayerView {
  const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? null;
  const label = (selector: string) => document.querySelector(selector)?.getAttribute("aria-label") ?? null;
  const audio = document.querySelector("audio");
  // The player keeps the stream it plays on data-stream (with MSE `src` is a blob: URL).
  const stream = audio?.dataset.stream ?? (audio?.getAttribute("src") ? audio.src : null);
  const hero = document.querySelector(".hero-actions button[aria-pressed]");
  const dialog = document.querySelector('[role="dialog"]');
  return {
    audio: audio && {
      paused: audio.paused,
      currentTime: audio.currentTime,
      readyState: audio.readyState,
      mount: stream ? new URL(stream).pathname : null,
      volume: audio.volume,
      engine: audio.dataset.engine ?? null,
      error: audio.error && `${audio.error.code} ${audio.error.message}`,
    },
    playButton: label(".player-bar .player-play-button"),
    status: text('.player-bar [role="status"]'),
    hero: hero && {
      text: hero.textContent?.trim() ?? "",
      pressed: hero.getAttribute("aria-pressed") === "true",
    },
    track: {
      title: text(".player-bar .player-track-title") ?? "",
      artist: text(".player-bar .player-track-artist") ?? "",
    },
    cardTitle: text('[aria-labelledby="now-playing-title"] .track-title'),
    cardLabel: text("#now-playing-title"),
    rewound: (() => {
      const heardAt = document.querySelector<HTMLElement>(".player-rewind")?.dataset.heardAt;
      return heardAt ? { heardAt: Number(heardAt), behind: text(".player-rewind-behind") } : null;
    })(),
    rewindSlider: document.querySelector('.player-rewind input[type="range"]') !== null,
    heart: label(".player-bar .favorite-button"),
    sleepTimer: label(".sleep-timer-button"),
    dialog:
      dialog && (dialog.getAttribute("aria-label") ?? text(`#${dialog.getAttribute("aria-labelledby")}`)),
    path: location.pathname,
  };
}

export const playerView = (page: EnginePage) => page.evaluate(readPlayer, undefined);

/** The `<audio>` element plays and the player offers Pause. */
export const playing = (view: PlayerView) => view.audio?.paused === false && view.playButton === "Pause";

/**
 * Reads the player every 100 ms until `ok` holds; answers that view. On timeout it throws with
 * the last view and the station's state, so a failure says whose it was.
 */
export async function waitForPlayer(
  page: EnginePage,
  what: string,
  ok: (view: PlayerView) => boolean,
  timeout = 20_000,
): Promise<PlayerView> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const view = await playerView(page);
    if (ok(view)) return view;
    if (Date.now() > deadline) {
      const station = await stationHelper.status().catch((error: unknown) => String(error));
      throw new Error(
        `${page.engine}: not within ${timeout} ms: ${what}\n` +
          `the page showed: ${JSON.stringify(view)}\nstation: ${JSON.stringify(station)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads the player every 100 ms for `ms`; throws at the first view where `ok` does not hold. */
export async function holdsFor(
  page: EnginePage,
  what: string,
  ok: (view: PlayerView) => boolean,
  ms: number,
) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const view = await playerView(page);
    if (!ok(view)) throw new Error(`${page.engine}: ${what} no longer held: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Mount = `/${Quality}`;

/**
 * The audio plays `mount` (or one of them) with real audio decoded, and its time advances
 * `seconds` while it does.
 */
export async function expectAudioAdvancing(
  page: EnginePage,
  mount: Mount | Mount[],
  { seconds = 1, timeout = 20_000 }: { seconds?: number; timeout?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  const mounts: (string | null)[] = typeof mount === "string" ? [mount] : mount;
  const playing = (view: PlayerView) =>
    !!view.audio && !view.audio.paused && mounts.includes(view.audio.mount) && view.audio.readyState >= 2;
  const from =
    (await waitForPlayer(page, `the audio plays ${mounts.join(" or ")}`, playing, timeout)).audio
      ?.currentTime ?? 0;
  await waitForPlayer(
    page,
    `the audio advances ${seconds} s on ${mounts.join(" or ")}`,
    (view) => playing(view) && (view.audio?.currentTime ?? 0) >= from + seconds,
    Math.max(1000, deadline - Date.now()),
  );
}

/**
 * Presses the button named `name` (its aria-label, else its text) inside `within`, with a real
 * click, once React owns it (hydrated, or rendered by the app): a press on the prerendered markup
 * is lost. The button is found in the page and marked, then clicked by that mark.
 */
export async function pressButton(page: EnginePage, name: string, within = "body"): Promise<void> {
  const mark = `press-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    await page.waitFor(
      ({ name, within, mark }) => {
        if (document.documentElement.dataset.hydrated === undefined) return false;
        const button = [...document.querySelectorAll(`${within} button`)].find(
          (element) => (element.getAttribute("aria-label") ?? element.textContent?.trim()) === name,
        );
        if (!(button instanceof HTMLButtonElement) || button.disabled) return false;
        if (!Object.keys(button).some((key) => key.startsWith("__reactFiber$"))) return false;
        button.dataset.press = mark;
        return true;
      },
      { name, within, mark },
    );
  } catch (error) {
    throw new Error(`${page.engine}: no enabled button "${name}" in ${within} that React owns`, {
      cause: error,
    });
  }
  await page.click(`[data-press="${mark}"]`);
}

/** Chooses `value` in the player bar's quality select, as Playwright's selectOption does (input, change). */
export async function chooseQuality(page: EnginePage, value: Quality): Promise<void> {
  await page.waitFor((value) => {
    const select = document.querySelector<HTMLSelectElement>(
      '.player-bar select[aria-label="Stream quality"]',
    );
    if (!select || !Object.keys(select).some((key) => key.startsWith("__reactFiber$"))) return false;
    select.value = value;
    select.dispatchEvent(new Event("input", { bubbles: true }));
    select.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }, value);
}

/** Opens the home page and presses Start Listening; resolves once the hd stream plays. */
export async function startListening(page: EnginePage): Promise<void> {
  await page.goto("/");
  await pressButton(page, "Start Listening", ".hero-actions");
  await expectAudioAdvancing(page, "/hd");
}
