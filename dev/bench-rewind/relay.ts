// bench:rewind's relay figures (ADR 042): with relay mode switched on through the admin's API,
// - per engine: press to sound, how far behind the host's audio the listener hears (a rotation's
//   new tone heard in the page less the moment the station changed it) and how far the title is
//   from the music (shown less heard);
// - the host's connections (Icecast's listeners on the three mounts) with no listener, one
//   browser, and 500 simulated players asking for the index and the newest segment as the rewind
//   engine does.

import { openHome, pressStart, pressToSound } from "../bench-start/probe.ts";
import type { HeardRotation, SyncLog } from "../bench-sync/page-probe.ts";
import { type EngineName, launchEngine } from "../engines/index.ts";
import type { RunningSite } from "../local-site.ts";
import { readSources } from "../station/icecast.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type RelayFigures = {
  engines: Record<string, { startMs: number[]; behindMs: number[]; titleMs: number[]; engine: string[] }>;
  hostConnections: { none: number; oneBrowser: number; simulated: number; simulatedPlayers: number };
  simulatedRequests: { ok: number; failed: number };
};

/** The admin's session, as the admin screen logs in (docs/operations.md: admin / lounge-admin). */
async function adminCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ username: "admin", password: "lounge-admin" }),
  });
  const cookie = res.headers.getSetCookie()[0]?.split(";")[0];
  if (!res.ok || !cookie) throw new Error(`the admin's login answered ${res.status}`);
  return cookie;
}

export async function setRelay(site: RunningSite, relay: boolean): Promise<void> {
  const res = await fetch(`${site.baseUrl}/api/rewind/settings`, {
    method: "PUT",
    headers: {
      "Content-Type": "application/json",
      Origin: site.baseUrl,
      Cookie: await adminCookie(site.baseUrl),
    },
    body: JSON.stringify({ minutes: 60, restartTrack: true, playFromHistory: true, relay }),
  });
  if (!res.ok) throw new Error(`PUT /api/rewind/settings answered ${res.status}: ${await res.text()}`);
}

/** Icecast's listeners on the site's three mounts now. */
async function hostConnections(site: RunningSite): Promise<number> {
  const sources = await readSources(site.icecastUrl);
  return sources.reduce((sum, s) => sum + (s.listeners ?? 0), 0);
}

async function relayIn(site: RunningSite, engine: EngineName, onPlaying: () => Promise<void>) {
  const browser = await launchEngine(engine);
  try {
    const page = await browser.newPage();
    await openHome(page, site.baseUrl, { quality: "hd", element: false });
    await pressStart(page);
    const start = await pressToSound(page, 20_000);
    const playing = await page.evaluate(
      () => document.querySelector("audio")?.dataset.engine ?? "none",
      null,
    );
    await onPlaying();
    // A change of track: when the station changed the tone, when the page heard it, when it showed the title.
    const since = Date.now();
    const rotation = (await (
      await fetch(`${site.stationHelperUrl}/rotate`, { method: "POST" })
    ).json()) as HeardRotation;
    const heard = async () => {
      const log = await page.evaluate(() => (window as unknown as { syncProbe: SyncLog }).syncProbe, null);
      const at = log.heard.find(([tone, t]) => tone === rotation.current.tone && t >= since)?.[1];
      const shown = log.titles.find(([title, t]) => title === rotation.current.title && t >= since)?.[1];
      return at !== undefined && shown !== undefined ? { at, shown } : null;
    };
    const deadline = Date.now() + 40_000;
    let change = await heard();
    while (!change && Date.now() < deadline) {
      await sleep(250);
      change = await heard();
    }
    return {
      startMs: start.ms,
      engine: playing,
      behindMs: change ? change.at - rotation.toneAt : null,
      titleMs: change ? change.shown - change.at : null,
    };
  } finally {
    await browser.close();
  }
}

/** `players` loops asking for the newest page and its newest segment every 6 s, for `seconds`. */
async function simulate(site: RunningSite, players: number, seconds: number) {
  const counts = { ok: 0, failed: 0 };
  const end = Date.now() + seconds * 1000;
  /** The answer's JSON (or null for bytes or a failure), counting it. */
  const get = async (path: string): Promise<unknown> => {
    try {
      const res = await fetch(`${site.baseUrl}${path}`);
      const body = await res.arrayBuffer();
      counts[res.ok ? "ok" : "failed"]++;
      if (!res.ok || !res.headers.get("Content-Type")?.includes("json")) return null;
      return JSON.parse(new TextDecoder().decode(body));
    } catch {
      counts.failed++;
      return null;
    }
  };
  const player = async (i: number) => {
    await sleep((i * 6000) / players);
    while (Date.now() < end) {
      const window = (await get("/api/rewind/hd")) as { newest?: number } | null;
      if (window?.newest) {
        const page = (await get(`/api/rewind/hd?at=${Math.floor(window.newest - 1)}`)) as {
          segments?: { url: string }[];
        } | null;
        const last = page?.segments?.at(-1);
        if (last) await get(last.url);
      }
      await sleep(6000);
    }
  };
  return { done: Promise.all(Array.from({ length: players }, (_, i) => player(i))), counts };
}

export async function measureRelay(site: RunningSite, engines: EngineName[]): Promise<RelayFigures> {
  await setRelay(site, true);
  const figures: RelayFigures = {
    engines: {},
    hostConnections: {
      none: await hostConnections(site),
      oneBrowser: 0,
      simulated: 0,
      simulatedPlayers: 500,
    },
    simulatedRequests: { ok: 0, failed: 0 },
  };
  try {
    for (const engine of engines) {
      const one = await relayIn(site, engine, async () => {
        figures.hostConnections.oneBrowser = Math.max(
          figures.hostConnections.oneBrowser,
          await hostConnections(site),
        );
      }).catch((err: unknown) => {
        console.log(`  relay, ${engine}: not measured: ${String(err).split("\n")[0]}`);
        return null;
      });
      if (!one) continue;
      const mine = figures.engines[engine] ?? { startMs: [], behindMs: [], titleMs: [], engine: [] };
      figures.engines[engine] = mine;
      mine.startMs.push(one.startMs);
      mine.engine.push(one.engine);
      if (one.behindMs !== null) mine.behindMs.push(one.behindMs);
      if (one.titleMs !== null) mine.titleMs.push(one.titleMs);
      console.log(
        `  relay, ${engine} (${one.engine}): press to sound ${Math.round(one.startMs)} ms, behind the host ${one.behindMs ?? "?"} ms, title ${one.titleMs ?? "?"} ms from the music`,
      );
    }
    const load = await simulate(site, figures.hostConnections.simulatedPlayers, 40);
    await sleep(20_000);
    figures.hostConnections.simulated = await hostConnections(site);
    await load.done;
    figures.simulatedRequests = load.counts;
  } finally {
    await setRelay(site, false);
  }
  return figures;
}
