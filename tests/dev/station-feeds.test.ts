// The local station keeps its mounts on air: a feed whose ffmpeg dies by itself (Icecast drops a
// source that falls silent for 10 s on a busy machine) starts again with the title on air; a feed
// stopped on purpose (the stream-drop test's POST /feeds/hd/stop) stays off.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountOf, readSources } from "#dev/station/icecast.ts";
import { startSiteStation } from "#tests/worker/start-station.ts";

type Station = Awaited<ReturnType<typeof startSiteStation>>;
let station: Station;

beforeAll(async () => {
  station = await startSiteStation();
}, 30_000);
afterAll(() => station?.stop());

async function titleOn(mount: string): Promise<string | null> {
  const source = (await readSources(station.icecastUrl)).find((s) => mountOf(s) === mount);
  return source ? (source.title ?? "") : null;
}

/** Kills the mount's ffmpeg from outside, as a crash would, and waits until Icecast drops the mount. */
async function killFeed(mount: string): Promise<void> {
  const { port } = new URL(station.icecastUrl);
  const pattern = `@127\\.0\\.0\\.1:${port}${mount}$`;
  const pids = execFileSync("pgrep", ["-f", pattern]).toString().trim().split("\n");
  expect(pids).toHaveLength(1);
  process.kill(Number(pids[0]), "SIGKILL");
  await expect.poll(() => titleOn(mount), { timeout: 5000, interval: 50 }).toBeNull();
}

async function onAir(): Promise<string> {
  const status = (await (await fetch(`${station.helperUrl}/status`)).json()) as {
    current: { artist: string; title: string };
  };
  return `${status.current.artist} - ${status.current.title}`;
}

/** Stops the feed through the helper; it stays off the air until started again, title and all. */
async function expectStopStays(quality: "sd" | "mobile"): Promise<void> {
  const res = await fetch(`${station.helperUrl}/feeds/${quality}/stop`, { method: "POST" });
  expect(await res.json()).toMatchObject({ [quality]: false });
  await new Promise((r) => setTimeout(r, 2500));
  expect(await titleOn(`/${quality}`)).toBeNull();
  await fetch(`${station.helperUrl}/feeds/${quality}/start`, { method: "POST" });
  expect(await titleOn(`/${quality}`)).toBe(await onAir());
}

describe("the local station's feeds", () => {
  it("starts a feed again when its ffmpeg dies by itself, with the title on air", async () => {
    await killFeed("/hd");
    await expect.poll(() => titleOn("/hd"), { timeout: 15_000, interval: 200 }).toBe(await onAir());
  }, 30_000);

  it("leaves a feed stopped while its restart waits off the air", async () => {
    await killFeed("/mobile");
    await expectStopStays("mobile");
  }, 30_000);

  it("leaves a feed stopped on purpose off the air", async () => {
    await expectStopStays("sd");
  }, 30_000);
});
