// The one reader of the radio host for the whole world (one Durable Object per station):
// an alarm reads the host every LIVE_POLL_SECONDS, keeps the state in its storage, records a
// track_history row when the track changes, and hands every change to the live shards that
// hold the players' connections. ADR 009.
import { DurableObject } from "cloudflare:workers";
import { findArtwork } from "../lib/artwork/lookup";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { appendIfChanged, latestPlayOf, latestRecordedTrack, setPlayArtwork } from "../lib/history";
import {
  type MinuteTally,
  type PlayImpact,
  type PlayTally,
  tallyMinute,
  tallyPlay,
} from "../lib/insights/sampler";
import { writeInsights } from "../lib/insights/samples";
import { readListenersPublic } from "../lib/insights/settings";
import { hostReportLagMs, observeNextTrack, observeStation } from "../lib/radio";
import { shardName, stationReaderName } from "./names";
import {
  advance,
  coldState,
  isRecordable,
  rebasedOnto,
  type StationState,
  sameTrack,
  sourceOf,
  withAdminCover,
  withArtwork,
  withListenersPublic,
} from "./station-state";

const stateKey = "state";
/** A change of the listener count alone is pushed at most this often; tracks go at once. */
const countPushIntervalMs = 10_000;
/** After a configuration error, try again this much later. */
const retryAfterConfigErrorMs = 30_000;
/**
 * The next-track widget is a third party's: read every 30 s as the spec polls it, and on every
 * poll for a while after a track change, when it announces the next one. The host itself is
 * read every poll (LIVE_POLL_SECONDS), since that stamps the changes (ADR 020).
 */
const widgetPollMs = 30_000;
const widgetAfterChangeMs = 15_000;
/**
 * Insights waiting for their write when D1 fails are kept this long (minutes) and this many
 * (plays); older ones are dropped rather than let memory grow through a long outage.
 */
const pendingMinutesMax = 60;
const pendingPlaysMax = 100;
const insightsRetryMs = 60_000;

export type ReaderStatus = {
  version: number;
  /** Upstream reads in the last 60 s: depends on the poll interval, never on the audience. */
  readsLastMinute: number;
  lastReadAt: number | null;
  lastReadOk: boolean | null;
  /** The latest read that brought a track: kept in storage, so it survives a restart. */
  lastOkAt: number | null;
};

export class StationReader extends DurableObject<Env> {
  private state: StationState | undefined;
  private polling: Promise<StationState> | undefined;
  private queued: Promise<StationState> | undefined;
  private readTimes: number[] = [];
  private widgetReadAt = 0;
  private lastReadOk: boolean | null = null;
  /** 0 after a restart: the stored state is not known to have reached every shard, so the first poll publishes it again. */
  private lastPushedVersion = 0;
  private lastPushedAt = 0;
  /** Whether all that changed since the last complete push is the listener count. */
  private unpushedCountOnly = true;
  /** The audience as the reads saw it (ADR 021): this minute's counts and the current play's. */
  private minuteTally: MinuteTally | null = null;
  private playTally: (PlayTally & { fromStart: boolean }) | null = null;
  private pendingMinutes: MinuteTally[] = [];
  private pendingPlays: PlayImpact[] = [];
  private writingInsights: Promise<void> | undefined;
  /** After a failed write, the next attempt waits this long: not every poll. */
  private insightsRetryAt = 0;
  /** Counts the admin's setting changes, so a read-back or a poll begun before one cannot undo it. */
  private settingChanges = 0;
  private adminListenersPublic: boolean | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.state = await ctx.storage.get<StationState>(stateKey);
    });
  }

  private forgetReadsBefore(cutoff: number): void {
    this.readTimes = this.readTimes.filter((t) => t > cutoff);
  }

  private get name(): string {
    return this.ctx.id.name ?? stationReaderName;
  }

  /** What plays now, from the room's state: never waits on the radio host. */
  async snapshot(): Promise<StationState> {
    await this.ensurePolling();
    const source = sourceOf(getConfig(this.env));
    return this.state?.source === source ? this.state : this.coldState(source);
  }

  private async coldState(source: string): Promise<StationState> {
    const db = getDb(this.env.DB);
    const [recorded, listenersPublic] = await Promise.all([
      latestRecordedTrack(db).catch((err: unknown) => {
        console.error("live room: reading the latest recorded track failed", err);
        return null;
      }),
      readListenersPublic(db).catch((err: unknown) => {
        console.error("live room: reading the listener-count setting failed", err);
        return this.state?.listenersPublic;
      }),
    ]);
    // Versions keep rising across a change of source (itself a change), so shards and players
    // take the new state.
    const version = this.state ? this.state.version + 1 : 0;
    return { ...coldState(source, recorded, Date.now()), version, listenersPublic };
  }

  /** Starts the polling alarm when none is set (after a first request, or from the cron). */
  async ensurePolling(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  async status(): Promise<ReaderStatus> {
    const now = Date.now();
    this.forgetReadsBefore(now - 60_000);
    return {
      version: this.state?.version ?? 0,
      readsLastMinute: this.readTimes.length,
      lastReadAt: this.readTimes.at(-1) ?? null,
      lastReadOk: this.lastReadOk,
      lastOkAt: this.state?.readAt ?? null,
    };
  }

  override async alarm(): Promise<void> {
    const started = Date.now();
    let delay: number;
    try {
      delay = getConfig(this.env).LIVE_POLL_SECONDS * 1000;
      await this.pollNow();
    } catch (err) {
      console.error("live room: poll failed", err);
      delay = retryAfterConfigErrorMs;
    }
    // Scheduled from the start of this poll, so a slow host does not stretch the period.
    await this.ctx.storage.setAlarm(Math.max(started + delay, Date.now() + 250));
  }

  /**
   * Reads the host and returns the resulting state. The read starts after the call: while one
   * is under way, callers share the one that follows it (reads never overlap).
   */
  pollNow(): Promise<StationState> {
    if (!this.polling) return this.startPoll();
    this.queued ??= this.polling
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.startPoll();
      });
    return this.queued;
  }

  private startPoll(): Promise<StationState> {
    const polling = this.poll().finally(() => {
      if (this.polling === polling) this.polling = undefined;
    });
    this.polling = polling;
    return polling;
  }

  private async poll(): Promise<StationState> {
    const config = getConfig(this.env);
    const source = sourceOf(config);
    const now = Date.now();
    this.forgetReadsBefore(now - 60_000);
    this.readTimes.push(now);
    const startedFrom = this.state;
    const settingChangesAtStart = this.settingChanges;
    const previous = this.state?.source === source ? this.state : await this.coldState(source);
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
    const step = advance(previous, observation, seenAt);
    let state = step.state;
    // A track the host reported after one it reported before is a change the room saw happen:
    // it records it. The first read after a cold start is not (the cron records that track);
    // either way a row recorded already is this play's, for its share page.
    if (step.trackChanged && isRecordable(state.current)) {
      try {
        const db = getDb(this.env.DB);
        const recorded = previous.readAt === null ? null : await appendIfChanged(db, state.current, now);
        state.played = recorded ?? (await latestPlayOf(db, state.current));
      } catch (err) {
        console.error("live room: recording the track failed (the cron records it later)", err);
      }
    }
    // Another change landed while the host was read (the admin's setting, a cover): kept.
    const changedMeanwhile = this.state !== startedFrom && this.state?.source === state.source;
    if (changedMeanwhile && this.state) state = rebasedOnto(this.state, state, step.changed);
    // The admin's setting landed before the room had any state to change (a cold start).
    const setting = this.adminListenersPublic;
    if (
      this.settingChanges !== settingChangesAtStart &&
      setting !== undefined &&
      state.listenersPublic !== setting
    ) {
      state = { ...state, listenersPublic: setting, version: state.version + 1 };
    }
    // Stored only when something changed; in memory always, so readAt says the room is alive.
    const store = previous !== this.state || step.changed;
    this.state = state;
    if (store) await this.ctx.storage.put(stateKey, state);
    // Track and next-track changes go at once (and again on the next poll if a shard missed
    // them); when all that is unpushed is the count, it waits for countPushIntervalMs.
    if (step.changed && !step.countOnly) this.unpushedCountOnly = false;
    const due = state.version > this.lastPushedVersion;
    // A count the admin hides is nobody's news: it goes out with the next change that is.
    const countWaits = state.listenersPublic === false || now - this.lastPushedAt < countPushIntervalMs;
    if (due && !(this.unpushedCountOnly && countWaits)) {
      await this.publish(state, config.LIVE_SHARDS);
    }
    this.tallyAudience(previous, step.trackChanged, observation, now);
    // Covers are looked up after the push, never before it: a slow provider delays no title.
    if (step.trackChanged && isRecordable(state.current) && !state.current.artwork) {
      this.lookUpArtwork("current", state.current);
    }
    if (
      state.next &&
      !state.next.artwork &&
      !sameTrack(previous.next, state.next) &&
      isRecordable(state.next)
    ) {
      this.lookUpArtwork("next", state.next);
    }
    return state;
  }

  /**
   * Counts this read's listeners into the minute and the play (ADR 021). When a minute is over,
   * what is finished is written in one batch, after the push and without holding up the poll.
   */
  private tallyAudience(
    previous: StationState,
    trackChanged: boolean,
    observation: { current: unknown; listeners: number | null; mounts: Record<string, number> | null },
    now: number,
  ): void {
    const count = observation.current === null ? null : observation.listeners;
    if (count !== null) {
      const minute = tallyMinute(this.minuteTally, now, count, observation.mounts ?? {});
      this.minuteTally = minute.tally;
      if (minute.finished)
        this.pendingMinutes = [...this.pendingMinutes, minute.finished].slice(-pendingMinutesMax);
    }
    const played = this.state?.played;
    const play = played
      ? {
          id: played.id,
          title: played.title,
          artist: played.artist,
          started: trackChanged && previous.readAt !== null,
        }
      : null;
    const step = tallyPlay(this.playTally, play, now, count);
    this.playTally = step.tally;
    if (step.finished) this.pendingPlays = [...this.pendingPlays, step.finished].slice(-pendingPlaysMax);
    if (this.pendingMinutes.length > 0 && !this.writingInsights && now >= this.insightsRetryAt) {
      this.writingInsights = this.writeInsights().finally(() => {
        this.writingInsights = undefined;
      });
    }
  }

  /** One batch a minute: the finished minutes and plays; the admin's count setting is read back too. */
  private async writeInsights(): Promise<void> {
    const minutes = this.pendingMinutes;
    const plays = this.pendingPlays;
    const db = getDb(this.env.DB);
    try {
      await writeInsights(db, minutes, plays);
      this.pendingMinutes = this.pendingMinutes.filter((m) => !minutes.includes(m));
      this.pendingPlays = this.pendingPlays.filter((p) => !plays.includes(p));
    } catch (err) {
      this.insightsRetryAt = Date.now() + insightsRetryMs;
      console.error("live room: writing the listener samples failed (kept for the next minute)", err);
    }
    try {
      // A change the admin made while this room did not answer still arrives within a minute;
      // one made while this read was under way is newer than what it read.
      const before = this.settingChanges;
      const listenersPublic = await readListenersPublic(db);
      if (this.settingChanges === before) await this.applyListenersPublic(listenersPublic);
    } catch (err) {
      console.error("live room: reading the listener-count setting failed", err);
    }
  }

  /** Insights writes under way (tests wait for them). */
  async settleInsights(): Promise<void> {
    await this.writingInsights;
  }

  /** The admin showed or hid the listener count: players see the change at once. */
  async setListenersPublic(listenersPublic: boolean): Promise<void> {
    this.settingChanges++;
    this.adminListenersPublic = listenersPublic;
    await this.applyListenersPublic(listenersPublic);
  }

  private async applyListenersPublic(listenersPublic: boolean): Promise<void> {
    const state = this.state ? withListenersPublic(this.state, listenersPublic) : null;
    if (state) await this.keepAndPublish(state);
  }

  /** Finds the track's cover in the background; when there is one, every player gets it. */
  private lookUpArtwork(
    which: "current" | "next",
    track: { title: string; artist: string; album?: string | null },
  ): void {
    const lookup = (async () => {
      const db = getDb(this.env.DB);
      const artwork = await findArtwork({ db, images: this.env.IMAGES }, getConfig(this.env), track);
      if (!artwork || !this.state) return;
      const state = withArtwork(this.state, which, track, artwork);
      if (!state) return;
      if (which === "current" && state.played) await setPlayArtwork(db, state.played.id, artwork);
      await this.keepAndPublish(state);
    })().catch((err: unknown) => console.error("live room: the artwork lookup failed", err));
    this.artworkLookups.add(lookup);
    void lookup.finally(() => this.artworkLookups.delete(lookup));
  }

  /** The admin set a track's cover, or none: players see it now when the track plays or is next. */
  async setCover(track: { title: string; artist: string }, artwork: string | null): Promise<void> {
    const state = this.state ? withAdminCover(this.state, track, artwork) : null;
    if (state) await this.keepAndPublish(state);
  }

  /** A change made outside a poll (a cover): kept, and handed to every player at once. */
  private async keepAndPublish(state: StationState): Promise<void> {
    this.state = state;
    await this.ctx.storage.put(stateKey, state);
    await this.publish(state, getConfig(this.env).LIVE_SHARDS);
  }

  /** Lookups under way (tests wait for them). */
  private artworkLookups = new Set<Promise<void>>();

  async settleArtworkLookups(): Promise<void> {
    while (this.artworkLookups.size > 0) await Promise.all(this.artworkLookups);
  }

  /** Hands the state to every shard; when one fails, all get it again on the next poll. */
  private async publish(state: StationState, shards: number): Promise<void> {
    const results = await Promise.allSettled(
      Array.from({ length: shards }, (_, i) =>
        this.env.LIVE_SHARD.getByName(shardName(this.name, i)).publish(state),
      ),
    );
    const failed = results.filter((result) => result.status === "rejected");
    for (const result of failed) console.error("live room: a shard missed a change", result.reason);
    // Shards drop a version they already hold, so sending it again to all is harmless.
    if (failed.length > 0) return;
    this.lastPushedVersion = Math.max(this.lastPushedVersion, state.version);
    this.lastPushedAt = Date.now();
    this.unpushedCountOnly = true;
  }
}
