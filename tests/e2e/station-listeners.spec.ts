// The local station's invented listeners (ADR 021): real connections Icecast counts, added and
// removed through its helper, so a test sees the site's listener count move.
// @project e2e-timing-1: it measures time, so it runs when the machine is quiet (ADR 022).
import { describe, expect, inject, it } from "vitest";
import { stationHelper } from "./support/station.ts";

/** Icecast's own count over all mounts. */
async function icecastListeners(): Promise<number> {
  const status = (await (await fetch(`${inject("icecastUrl")}/status-json.xsl`)).json()) as {
    icestats: { source: { listeners?: number }[] | { listeners?: number } };
  };
  return [status.icestats.source].flat().reduce((sum, source) => sum + (source.listeners ?? 0), 0);
}

async function siteListeners(): Promise<number | null> {
  const res = await fetch(`${inject("baseUrl")}/api/radio/now-playing`);
  return ((await res.json()) as { listeners: number | null }).listeners;
}

describe("the local station's invented listeners", () => {
  it("are counted by Icecast and by the site's now playing as they come and go", async () => {
    // A browser of the spec before may still be connected for a moment: counted from when only
    // the invented listeners are.
    const before = (await stationHelper.listeners()).total;
    await expect.poll(icecastListeners, { timeout: 10_000, interval: 100 }).toBe(before);
    const added = await stationHelper.addListeners(3);
    expect(added.mobile).toBeGreaterThanOrEqual(3);
    await expect.poll(icecastListeners, { timeout: 5000, interval: 100 }).toBe(before + 3);
    await expect.poll(siteListeners, { timeout: 10_000, interval: 250 }).toBe(before + 3);
    await stationHelper.removeListeners(3);
    await expect.poll(icecastListeners, { timeout: 5000, interval: 100 }).toBe(before);
    await expect.poll(siteListeners, { timeout: 10_000, interval: 250 }).toBe(before);
  });

  it("refuses a count or quality it cannot take, with a JSON error", async () => {
    for (const query of ["count=0", "count=101", "count=two", "count=1&quality=fm"]) {
      const res = await fetch(`${inject("stationHelperUrl")}/listeners/add?${query}`, { method: "POST" });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error?: string }).error, query).toBeTruthy();
    }
  });
});
