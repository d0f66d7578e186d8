// The reader's first step (ADR 009, ADR 020): read the radio host, and the next-track widget when
// it is due, and say when the host was seen. Counts its reads for /api/health.
import type { Config } from "../../lib/config";
import { hostReportLagMs, observeNextTrack, observeStation } from "../../lib/radio";
import { type StationState, sameTrack } from "../station-state";

/**
 * The next-track widget is a third party's: read every 30 s as the spec polls it, and on every
 * poll for a while after a track change, when it announces the next one. The host itself is
 * read every poll (LIVE_POLL_SECONDS), since that stamps the changes (ADR 020).
 */
const widgetPollMs = 30_000;
const widgetAfterChangeMs = 15_000;

export type HostRead = {
  observation: Awaited<ReturnType<typeof observeStation>>;
  /** When the host's answer was true, on this clock. */
  seenAt: number;
};

export class HostReads {
  private readTimes: number[] = [];
  /** When the widget was last read (tests set it to make it due). */
  widgetReadAt = 0;
  lastReadOk: boolean | null = null;

  /** Reads in the last 60 s and the latest one's time. */
  counts(now: number): { readsLastMinute: number; lastReadAt: number | null } {
    this.forgetBefore(now - 60_000);
    return { readsLastMinute: this.readTimes.length, lastReadAt: this.readTimes.at(-1) ?? null };
  }

  private forgetBefore(cutoff: number): void {
    this.readTimes = this.readTimes.filter((t) => t > cutoff);
  }

  async read(config: Config, previous: StationState, now: number): Promise<HostRead> {
    this.forgetBefore(now - 60_000);
    this.readTimes.push(now);
    const widgetDue =
      now - this.widgetReadAt >= widgetPollMs || now - previous.changedAt < widgetAfterChangeMs;
    if (widgetDue) this.widgetReadAt = now;
    const askedAt = Date.now();
    let observation = await observeStation(config, { nextTrack: widgetDue });
    // The host answered somewhere between the request and the answer: the middle is when it was
    // seen, less the time the host itself takes to report a change.
    const seenAt = Math.round((askedAt + Date.now()) / 2) - hostReportLagMs(config);
    this.lastReadOk = observation.current !== null;
    if (
      !widgetDue &&
      config.NEXT_TRACK_URL &&
      observation.current &&
      !sameTrack(previous.current, observation.current)
    ) {
      // A change between widget reads: what comes next is asked now, so Coming Up never blanks.
      this.widgetReadAt = now;
      observation = { ...observation, next: await observeNextTrack(config) };
    }
    return { observation, seenAt };
  }
}
