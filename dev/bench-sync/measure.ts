// The Node side of the page probe (page-probe.ts), shared by npm run bench:sync and the e2e test:
// wait until the page hears the music, and measure one change once it has settled.
import type { Page } from "playwright-core";
import { type ChangeOffsets, type HeardRotation, type SyncLog, settledChange } from "./page-probe.ts";

export function readSyncLog(page: Page): Promise<SyncLog> {
  return page.evaluate(() => (window as unknown as { syncProbe: SyncLog }).syncProbe);
}

/** Resolves once one of the station's tones is heard after `since` (the music plays). */
export async function waitForSound(page: Page, since: number): Promise<void> {
  await page.waitForFunction(
    (after) => (window as unknown as { syncProbe: SyncLog }).syncProbe.soundAt >= after,
    since,
    { timeout: 30_000, polling: 100 },
  );
}

/** Waits until the page heard the rotation's tone and showed its title, settled; their offsets. */
export async function measureChange(
  page: Page,
  rotation: HeardRotation,
  since: number,
): Promise<ChangeOffsets> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const log = await readSyncLog(page);
    const offsets = settledChange(log, rotation, since, Date.now());
    if (offsets) return offsets;
    if (Date.now() > deadline) {
      throw new Error(`no settled change to ${rotation.current.title}: ${JSON.stringify(log).slice(0, 500)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
