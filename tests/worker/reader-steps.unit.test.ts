// The live room's poll steps on their own (worker/live/reader/): the publisher's timing and its
// retry after a shard missed a change, the audience tally's minute and its kept batch after a
// failed write, and the cover lookups a test can wait for.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "#worker/lib/db.ts";
import { getDb } from "#worker/lib/db.ts";
import { AudienceTally } from "#worker/live/reader/audience.ts";
import { CoverLookups } from "#worker/live/reader/covers.ts";
import { Publisher } from "#worker/live/reader/publisher.ts";
import type { StationState } from "#worker/live/station-state.ts";

const minute = 60_000;

/** Shards that note what they were handed; `failing` names the shard indexes that throw. */
function fakeShards(count: number, failing = new Set<number>()) {
  const handed: { shard: string; version: number }[] = [];
  const shardEnv = {
    ...env,
    LIVE_SHARDS: String(count),
    LIVE_SHARD: {
      getByName: (shard: string) => ({
        publish: async (state: StationState) => {
          if (failing.has(Number(shard.split("-").at(-1)))) throw new Error(`${shard} is down`);
          handed.push({ shard, version: state.version });
        },
      }),
    },
  } as unknown as Env;
  return { handed, shardEnv };
}

const stateAt = (version: number, listenersPublic = true) => ({ version, listenersPublic }) as StationState;

describe("the publisher", () => {
  it("hands a track change to every shard at once, and a count alone at most every 10 s", async () => {
    const { handed, shardEnv } = fakeShards(2);
    const publisher = new Publisher(
      () => shardEnv,
      () => "station",
    );
    const now = Date.now();
    await publisher.afterPoll(stateAt(1), { changed: true, countOnly: false }, now);
    expect(handed).toEqual([
      { shard: "station/shard-0", version: 1 },
      { shard: "station/shard-1", version: 1 },
    ]);
    // Only the listener count changed, a second later: it waits.
    await publisher.afterPoll(stateAt(2), { changed: true, countOnly: true }, now + 1000);
    expect(handed).toHaveLength(2);
    // A hidden count is nobody's news however long it waits.
    await publisher.afterPoll(stateAt(3, false), { changed: true, countOnly: true }, now + 60_000);
    expect(handed).toHaveLength(2);
    // Visible again, long after the last push: it goes.
    await publisher.afterPoll(stateAt(4), { changed: true, countOnly: true }, now + 60_001);
    expect(handed.map((h) => h.version)).toEqual([1, 1, 4, 4]);
  });

  it("sends a change again to every shard on the next poll when one missed it", async () => {
    const failing = new Set([1]);
    const { handed, shardEnv } = fakeShards(2, failing);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const publisher = new Publisher(
      () => shardEnv,
      () => "station",
    );
    await publisher.afterPoll(stateAt(1), { changed: true, countOnly: false }, Date.now());
    expect(handed).toEqual([{ shard: "station/shard-0", version: 1 }]);
    expect(errors).toHaveBeenCalledWith("live room: a shard missed a change", expect.any(Error));
    failing.clear();
    // Nothing new: the missed version is still due.
    await publisher.afterPoll(stateAt(1), { changed: false, countOnly: false }, Date.now());
    expect(handed.map((h) => h.shard)).toEqual(["station/shard-0", "station/shard-0", "station/shard-1"]);
    errors.mockRestore();
  });
});

describe("the audience tally", () => {
  it("finishes a minute at the first read of the next one, and writes it in one batch", async () => {
    const audience = new AudienceTally();
    const writes: number[] = [];
    const t0 = Math.floor(Date.now() / minute) * minute;
    audience.tally(5, { "/hd": 5 }, null, t0 + 1000, async () => void writes.push(t0));
    audience.tally(7, { "/hd": 7 }, null, t0 + 2000, async () => void writes.push(t0));
    expect(writes).toEqual([]);
    audience.tally(3, { "/hd": 3 }, null, t0 + minute, async () => void writes.push(t0));
    await audience.settle();
    expect(writes).toHaveLength(1);
    expect(audience.pendingMinutes).toHaveLength(1);
    expect(audience.pendingMinutes[0]?.mounts["/hd"]).toMatchObject({ min: 5, max: 7, sum: 12, samples: 2 });
  });

  it("keeps a batch whose write failed, and tries again a minute later, not every poll", async () => {
    const audience = new AudienceTally();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = {
      batch: () => Promise.reject(new Error("D1 is down")),
      insert: getDb(env.DB).insert.bind(getDb(env.DB)),
    } as unknown as Db;
    const t0 = Math.floor(Date.now() / minute) * minute;
    audience.tally(5, {}, null, t0, () => audience.write(failing));
    audience.tally(5, {}, null, t0 + minute, () => audience.write(failing));
    await audience.settle();
    expect(audience.pendingMinutes).toHaveLength(1);
    expect(audience.insightsRetryAt).toBeGreaterThan(Date.now() + 50_000);
    let attempts = 0;
    const retryAt = audience.insightsRetryAt;
    audience.tally(5, {}, null, retryAt - 1000, async () => void attempts++);
    expect(attempts).toBe(0);
    audience.tally(5, {}, null, retryAt, async () => void attempts++);
    expect(attempts).toBe(1);
    errors.mockRestore();
  });
});

describe("the cover lookups", () => {
  it("settle once every lookup begun has ended, a failed one logged", async () => {
    const covers = new CoverLookups();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let done = 0;
    covers.start(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done++;
    });
    covers.start(() => Promise.reject(new Error("no cover")));
    expect(covers.lookups.size).toBe(2);
    await covers.settle();
    expect(done).toBe(1);
    expect(covers.lookups.size).toBe(0);
    expect(errors).toHaveBeenCalledWith("live room: the artwork lookup failed", expect.any(Error));
    errors.mockRestore();
  });
});
