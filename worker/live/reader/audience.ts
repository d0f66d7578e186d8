// The reader's fourth step (ADR 021): count each read's listeners into the minute and into the
// play. When a minute is over, what is finished is written in one batch, after the push and
// without holding up the poll; a failed write is kept (within bounds) for the next minute.
import type { Db } from "../../lib/db";
import {
  type MinuteTally,
  type PlayImpact,
  type PlayTally,
  tallyMinute,
  tallyPlay,
} from "../../lib/insights/sampler";
import { writeInsights } from "../../lib/insights/samples";

/**
 * Insights waiting for their write when D1 fails are kept this long (minutes) and this many
 * (plays); older ones are dropped rather than let memory grow through a long outage.
 */
const pendingMinutesMax = 60;
const pendingPlaysMax = 100;
const insightsRetryMs = 60_000;

export type PlayNow = { id: number; title: string; artist: string; started: boolean } | null;

export class AudienceTally {
  minuteTally: MinuteTally | null = null;
  playTally: (PlayTally & { fromStart: boolean }) | null = null;
  pendingMinutes: MinuteTally[] = [];
  pendingPlays: PlayImpact[] = [];
  private writing: Promise<void> | undefined;
  /** After a failed write, the next attempt waits this long: not every poll. */
  insightsRetryAt = 0;

  /**
   * Counts one read: `count` listeners (null when the host said nothing), per mount, during `play`.
   * `write` starts the minute's batch when one is due (the reader adds its own read-back to it).
   */
  tally(
    count: number | null,
    mounts: Record<string, number>,
    play: PlayNow,
    now: number,
    write: () => Promise<void>,
  ): void {
    if (count !== null) {
      const minute = tallyMinute(this.minuteTally, now, count, mounts);
      this.minuteTally = minute.tally;
      if (minute.finished)
        this.pendingMinutes = [...this.pendingMinutes, minute.finished].slice(-pendingMinutesMax);
    }
    const step = tallyPlay(this.playTally, play, now, count);
    this.playTally = step.tally;
    if (step.finished) this.pendingPlays = [...this.pendingPlays, step.finished].slice(-pendingPlaysMax);
    if (this.pendingMinutes.length > 0 && !this.writing && now >= this.insightsRetryAt) {
      this.writing = write().finally(() => {
        this.writing = undefined;
      });
    }
  }

  /** Writes the finished minutes and plays in one batch; on failure keeps them and waits a minute. */
  async write(db: Db): Promise<void> {
    const minutes = this.pendingMinutes;
    const plays = this.pendingPlays;
    try {
      await writeInsights(db, minutes, plays);
      this.pendingMinutes = this.pendingMinutes.filter((m) => !minutes.includes(m));
      this.pendingPlays = this.pendingPlays.filter((p) => !plays.includes(p));
    } catch (err) {
      this.insightsRetryAt = Date.now() + insightsRetryMs;
      console.error("live room: writing the listener samples failed (kept for the next minute)", err);
    }
  }

  /** The write under way, if any (tests wait for it). */
  settle(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }
}
