// The listener's core journeys in Chromium, Firefox and WebKit (dev/engines): play, the live
// title, a quality switch, pause and resume, a stream drop, the sleep timer's fade and a favorite.
// Rewind is the same listener's journey too, in a spec of its own (rewind-journeys.spec.ts) that
// runs last, once its site has recorded the five minutes it goes back.
// One spec, run in each engine; the Chromium-only specs (listen, stream-drop, sleep-timer, …) hold
// the same journeys to more detail.
// @project e2e-engines: the three engines' own lane (ADR 031).
import { describe, expect, it } from "vitest";
import { engineNames } from "#dev/engines/index.ts";
import { playlist } from "#dev/station/playlist.ts";
import {
  chooseQuality,
  expectAudioAdvancing,
  holdsFor,
  type PlayerView,
  playerView,
  playing,
  pressButton,
  setupEngine,
  startListening,
  waitForPlayer,
} from "./support/engines.ts";
import { stationHelper } from "./support/station.ts";

const paused = (view: PlayerView) => view.audio?.paused === true && view.playButton === "Play";

describe.each(engineNames)("a listener in %s", (engine) => {
  const browser = setupEngine(engine);

  it("presses Start Listening and hears the station: the player offers Pause, the hero says Now Playing", async () => {
    const { page } = browser;
    await page.goto("/");
    await pressButton(page, "Start Listening", ".hero-actions");
    await expectAudioAdvancing(page, "/hd", { seconds: 2 });
    const view = await waitForPlayer(page, "the player offers Pause", playing, 5000);
    expect(view.hero).toEqual({ text: "Now Playing", pressed: true });
    expect(view.status).toBe("");
  });

  it("sees the station's new title in the player bar and on the Now Playing card after a title change", async () => {
    const { page } = browser;
    await startListening(page);
    const before = (await waitForPlayer(page, "a title on the card", (view) => !!view.cardTitle, 10_000))
      .cardTitle;

    const changedAt = Date.now();
    const rotated = (await stationHelper.rotate()).current;
    expect(rotated.title).not.toBe(before);
    // The station also rotates by itself every 20 s: any title on air since the change counts.
    const onAir = new Set([rotated.title]);
    const refresh = setInterval(() => {
      void stationHelper.status().then((status) => onAir.add(status.current.title));
    }, 250);
    const shown = await waitForPlayer(
      page,
      `the card and the player bar show "${rotated.title}" (or a later title)`,
      (view) => !!view.cardTitle && onAir.has(view.cardTitle) && view.track.title === view.cardTitle,
      10_000,
    ).finally(() => clearInterval(refresh));
    console.log(`${engine}: title change shown after ${Date.now() - changedAt} ms`);
    expect(shown.track.artist).toBe(playlist.find((track) => track.title === shown.track.title)?.artist);
    expect(playing(shown)).toBe(true);
  });

  it("switches the quality to sd and back to hd while playing, and it keeps playing", async () => {
    const { page } = browser;
    await startListening(page);
    await chooseQuality(page, "sd");
    await expectAudioAdvancing(page, "/sd", { seconds: 2 });
    await waitForPlayer(page, "the player offers Pause on sd", playing, 5000);

    await chooseQuality(page, "hd");
    await expectAudioAdvancing(page, "/hd", { seconds: 2 });
    const view = await waitForPlayer(page, "the player offers Pause on hd", playing, 5000);
    expect(view.hero).toEqual({ text: "Now Playing", pressed: true });
  });

  it("pauses, stays paused with no reconnect, and plays again on Play", async () => {
    const { page } = browser;
    await startListening(page);
    await pressButton(page, "Pause", ".player-bar");
    const view = await waitForPlayer(page, "the audio pauses and the player offers Play", paused, 5000);
    expect(view.hero).toEqual({ text: "Start Listening", pressed: false });
    // No reconnect brings the stream back by itself (one would within a second or two).
    await holdsFor(page, "paused", paused, 2500);

    await pressButton(page, "Play", ".player-bar");
    await expectAudioAdvancing(page, "/hd", { seconds: 2 });
    await waitForPlayer(page, "the player offers Pause again", playing, 5000);
  });

  it("sees Reconnecting… while the hd feed is off air and hears the radio again once it is back, without a click", async () => {
    const { page } = browser;
    await startListening(page);
    expect((await playerView(page)).status).toBe("");
    try {
      expect(await stationHelper.stopFeed("hd")).toEqual({ hd: false });
      // Reconnecting…, or already past it: on a busy machine automatic quality may step down to
      // a feed still on air between two looks (seen in CI: playing /sd, status clear).
      const view = await waitForPlayer(
        page,
        "the player says Reconnecting… (or plays on another feed)",
        (v) =>
          v.status === "Reconnecting…" || (v.audio?.mount !== "/hd" && v.audio?.mount != null && playing(v)),
        30_000,
      );
      // The listener did not pause: the player still offers Pause, not Play.
      expect(view.playButton).toBe("Pause");
    } finally {
      // The station is shared by every test: the hd feed is back on air whatever happened here.
      await stationHelper.startFeed("hd");
    }
    // On hd, or on the quality the player stepped down to while hd was off air (a long outage on
    // a busy machine counts as hd never getting going).
    await expectAudioAdvancing(page, ["/hd", "/sd", "/mobile"], { seconds: 2, timeout: 40_000 });
    await waitForPlayer(page, "the status line clears", (view) => view.status === "" && playing(view), 5000);
  }, 90_000);

  it("hears the volume fade out in the sleep timer's last seconds, then the radio stops", async () => {
    const { page } = browser;
    await startListening(page);
    await pressButton(page, "Sleep timer");
    await pressButton(page, "15 minutes", '[role="dialog"]');
    const started = await waitForPlayer(
      page,
      "the dialog closes and the header counts down from 15:00",
      (view) => view.dialog === null && /^Sleep timer, 1[45]:\d\d left$/.test(view.sleepTimer ?? ""),
      10_000,
    );
    expect(started.audio?.volume).toBeCloseTo(0.7, 5);

    // Fifteen minutes shortened to eight seconds: the page's clock moves on (as Playwright's
    // clock.fastForward does in sleep-timer.spec.ts); the timer reads Date.now on each tick.
    const [, minutes, seconds] = /(\d+):(\d\d) left$/.exec(started.sleepTimer ?? "") ?? [];
    const skipMs = (Number(minutes) * 60 + Number(seconds) - 8) * 1000;
    await page.evaluate((skipMs) => {
      const now = Date.now.bind(Date);
      Date.now = () => now() + skipMs;
    }, skipMs);

    const fading = await waitForPlayer(
      page,
      "the volume falls below 60% of the listener's while the radio plays",
      (view) => playing(view) && (view.audio?.volume ?? 1) < 0.7 * 0.6,
      10_000,
    );
    expect(fading.audio?.volume).toBeGreaterThan(0);
    const stopped = await waitForPlayer(page, "the radio pauses at zero", paused, 15_000);
    expect(stopped.sleepTimer).toBe("Sleep timer");
    // The listener's volume is back for the next time (WebKit keeps it as a 32-bit float, 0.699999988).
    const atListenersVolume = (view: PlayerView) => Math.abs((view.audio?.volume ?? 0) - 0.7) < 1e-6;
    await waitForPlayer(page, "the volume is back at 0.7", atListenersVolume, 5000);
  }, 60_000);

  it("hearts the track playing and finds it on /favorites", async () => {
    const { page } = browser;
    const email = `journeys-${engine}-${Date.now()}@example.com`;
    await page.goto("/");
    // Logged in by the e-mailed link (read from the debug outbox), as the Chromium spec does by hand.
    const link = await page.evaluate(async (email) => {
      const asked = await fetch("/api/auth/request-login", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      if (!asked.ok) throw new Error(`request-login answered ${asked.status}`);
      const { tokens } = (await (await fetch("/api/auth/debug-tokens")).json()) as {
        tokens: { email: string; link: string; used: boolean }[];
      };
      return tokens.find((token) => token.email === email && !token.used)?.link ?? null;
    }, email);
    expect(link, `a login link for ${email}`).toMatch(/\/api\/auth\/verify\?token=/);
    await page.goto(link ?? "");
    await page.waitFor(
      () =>
        location.pathname === "/" &&
        [...document.querySelectorAll(".player-bar button")].some((b) => b.textContent === "Log out"),
      undefined,
    );

    await startListening(page);
    const before = (await playerView(page)).track;
    await pressButton(page, "Add to favorites", ".player-bar");
    // Filled; or the station moved on as the add went out: the next track's heart is its own,
    // and /favorites below shows the track pressed.
    const after = (
      await waitForPlayer(
        page,
        "the heart is filled",
        (view) => view.heart === "Remove from favorites" || view.track.title !== before.title,
        10_000,
      )
    ).track;

    await page.click('nav[aria-label="Main"] a[href="/favorites"]');
    const saved = await page.waitFor(
      () => {
        const labels = [...document.querySelectorAll("main button[aria-label^='Remove ']")].map(
          (button) => button.getAttribute("aria-label") ?? "",
        );
        return labels.length > 0 ? labels : null;
      },
      undefined,
      { timeout: 15_000 },
    );
    // The track the bar showed when the heart was pressed (the station may have moved on since).
    const candidates = [before, after].map(
      (track) => `Remove ${track.title} by ${track.artist} from favorites`,
    );
    expect(saved).toHaveLength(1);
    expect(candidates).toContain(saved?.[0]);
  });
});
