// A reader step for relay mode (ADR 042): while live listeners are relayed from the edge, the
// host sees the recorders alone, so the count the room publishes and tallies is the site's own
// (worker/lib/rewind/relay-audience.ts), read at most every `countEveryMs`.
import type { Config } from "../../lib/config";
import type { Db } from "../../lib/db";
import type { Observation } from "../../lib/radio";
import { siteListenersNow } from "../../lib/rewind/relay-audience";
import { rewindSettingsInForce } from "../../lib/rewind/settings";

const countEveryMs = 30_000;

type Counted = Pick<Observation, "listeners" | "mounts">;

export class RelayCount {
  private last: { at: number; counted: Counted } | null = null;

  /** The observation with the site's own count in relay mode; as read from the host otherwise. */
  async apply<T extends Counted & { current: unknown }>(
    db: Db,
    config: Config,
    observation: T,
    now: number,
  ): Promise<T> {
    if (config.REWIND_MINUTES === 0 || observation.current === null) return observation;
    const settings = await rewindSettingsInForce(db, config.REWIND_MINUTES);
    if (!settings.relay) {
      this.last = null;
      return observation;
    }
    if (!this.last || now - this.last.at >= countEveryMs || now < this.last.at) {
      try {
        const site = await siteListenersNow(db, now);
        const mountOf = (url: string) => new URL(url).pathname;
        const mounts = {
          [mountOf(config.STREAM_URL_HD)]: site.byQuality.hd ?? 0,
          [mountOf(config.STREAM_URL_SD)]: site.byQuality.sd ?? 0,
          [mountOf(config.STREAM_URL_MOBILE)]: site.byQuality.mobile ?? 0,
        };
        this.last = { at: now, counted: { listeners: site.listeners, mounts } };
      } catch (err) {
        console.error("live room: counting the relayed listeners failed", err);
        if (!this.last) return observation;
      }
    }
    return { ...observation, ...this.last.counted };
  }
}
