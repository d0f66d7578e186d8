// The reader's third step: hand each change to every live shard (ADR 009). Track and next-track
// changes go at once (and again on the next poll if a shard missed them); when all that is
// unpushed is the listener count, it waits countPushIntervalMs, and a count the admin hides waits
// for the next change that is news.
import { getConfig } from "../../lib/config";
import { shardName } from "../names";
import type { StationState } from "../station-state";

/** A change of the listener count alone is pushed at most this often; tracks go at once. */
const countPushIntervalMs = 10_000;

export class Publisher {
  /** 0 after a restart: the stored state is not known to have reached every shard, so the first poll publishes it again. */
  private lastPushedVersion = 0;
  private lastPushedAt = 0;
  /** Whether all that changed since the last complete push is the listener count. */
  private unpushedCountOnly = true;

  /** The reader's environment and name, read at each push (a test may replace the environment). */
  constructor(
    private readonly env: () => Env,
    private readonly readerName: () => string,
  ) {}

  /** A poll's state: pushed when it holds news, now or (a count alone) within the interval. */
  async afterPoll(state: StationState, step: { changed: boolean; countOnly: boolean }, now: number) {
    if (step.changed && !step.countOnly) this.unpushedCountOnly = false;
    const due = state.version > this.lastPushedVersion;
    const countWaits = state.listenersPublic === false || now - this.lastPushedAt < countPushIntervalMs;
    if (due && !(this.unpushedCountOnly && countWaits)) await this.publish(state, now);
  }

  /** Hands the state to every shard at `now`; when one fails, all get it again on the next poll. */
  async publish(state: StationState, now = Date.now()): Promise<void> {
    const env = this.env();
    const shards = getConfig(env).LIVE_SHARDS;
    const results = await Promise.allSettled(
      Array.from({ length: shards }, (_, i) =>
        env.LIVE_SHARD.getByName(shardName(this.readerName(), i)).publish(state),
      ),
    );
    const failed = results.filter((result) => result.status === "rejected");
    for (const result of failed) console.error("live room: a shard missed a change", result.reason);
    // Shards drop a version they already hold, so sending it again to all is harmless.
    if (failed.length > 0) return;
    this.lastPushedVersion = Math.max(this.lastPushedVersion, state.version);
    this.lastPushedAt = now;
    this.unpushedCountOnly = true;
  }
}
