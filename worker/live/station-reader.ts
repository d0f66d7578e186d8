// The one reader of the radio host for the whole world (one Durable Object per station):
// an alarm reads the host every LIVE_POLL_SECONDS, keeps the state in its storage, and runs a
// poll's steps in order (reader/): read the host, record the play, publish to the live shards
// that hold the players' connections, tally the audience, look up covers. ADR 009.
import { DurableObject } from "cloudflare:workers";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { latestRecordedTrack } from "../lib/history";
import { readListenersPublic } from "../lib/insights/settings";
import { stationReaderName } from "./names";
import { AudienceTally } from "./reader/audience";
import { CoverLookups, type CoverQuery, findCodes, findCover } from "./reader/covers";
import { HostReads } from "./reader/host-reads";
import { Publisher } from "./reader/publisher";
import { recordPlay } from "./reader/record-play";
import { RelayCount } from "./reader/relay-count";
import { ensureRecorders } from "./recorders";
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
  withPreviousPlayArtwork,
} from "./station-state";

const stateKey = "state";
/** After a configuration error, try again this much later. */
const retryAfterConfigErrorMs = 30_000;

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
  private readonly hostReads = new HostReads();
  private readonly publisher = new Publisher(
    () => this.env,
    () => this.name,
  );
  private readonly audience = new AudienceTally();
  private readonly relayCount = new RelayCount();
  private readonly covers = new CoverLookups();
  /** Counts the admin's setting changes, so a read-back or a poll begun before one cannot undo it. */
  private settingChanges = 0;
  private adminListenersPublic: boolean | undefined;
  /** When the room last asked the rewind recorders to go on (besides the cron: `npm start` has none). */
  private recordersAskedAt = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.state = await ctx.storage.get<StationState>(stateKey);
    });
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
    return {
      version: this.state?.version ?? 0,
      ...this.hostReads.counts(Date.now()),
      lastReadOk: this.hostReads.lastReadOk,
      lastOkAt: this.state?.readAt ?? null,
    };
  }

  override async alarm(): Promise<void> {
    const started = Date.now();
    if (started - this.recordersAskedAt >= 60_000) {
      this.recordersAskedAt = started;
      void ensureRecorders(this.env);
    }
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

  /** One poll: each step in turn, the push before anything that may wait on a third party. */
  private async poll(): Promise<StationState> {
    const config = getConfig(this.env);
    const source = sourceOf(config);
    const now = Date.now();
    const startedFrom = this.state;
    const settingChangesAtStart = this.settingChanges;
    const previous = this.state?.source === source ? this.state : await this.coldState(source);
    const read = await this.hostReads.read(config, previous, now);
    const seenAt = read.seenAt;
    // Relay mode: the site's own listeners, not the host's (reader/relay-count.ts).
    const observation = await this.relayCount.apply(getDb(this.env.DB), config, read.observation, now);
    const step = advance(previous, observation, seenAt);
    let state = step.state;
    if (step.trackChanged) await recordPlay(getDb(this.env.DB), state, now);
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
    await this.publisher.afterPoll(state, step, now);
    this.tallyAudience(previous, step.trackChanged, observation, now);
    // A new track's cover when the host sent none, then (never delaying it) its ISRC and label.
    if (step.trackChanged && isRecordable(state.current)) {
      const cover = state.current.artwork
        ? undefined
        : this.lookUpArtwork("current", state.current, state.played?.id);
      this.lookUpCodes(state.current, cover);
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

  /** Counts this read's listeners into the minute and the play (reader/audience.ts). */
  private tallyAudience(
    previous: StationState,
    trackChanged: boolean,
    observation: { current: unknown; listeners: number | null; mounts: Record<string, number> | null },
    now: number,
  ): void {
    const played = this.state?.played;
    const play = played
      ? {
          id: played.id,
          title: played.title,
          artist: played.artist,
          started: trackChanged && previous.readAt !== null,
        }
      : null;
    const count = observation.current === null ? null : observation.listeners;
    this.audience.tally(count, observation.mounts ?? {}, play, now, () => this.writeInsights());
  }

  /** One batch a minute: the finished minutes and plays; the admin's count setting is read back too. */
  private async writeInsights(): Promise<void> {
    const db = getDb(this.env.DB);
    await this.audience.write(db);
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
    await this.audience.settle();
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

  /** Finds the track's ISRC and label in the background (ADR 038), after its cover's lookup. */
  private lookUpCodes(track: { title: string; artist: string }, after?: Promise<void>): void {
    this.covers.start(async () => {
      await after;
      await findCodes(this.env, track);
    });
  }

  /**
   * Finds the track's cover in the background; when there is one, every player gets it. The
   * current track's play (`playId`) gets it even when the track ended before it was found.
   */
  private lookUpArtwork(which: "current" | "next", track: CoverQuery, playId?: number): Promise<void> {
    return this.covers.start(async () => {
      const artwork = await findCover(this.env, track, playId);
      if (!artwork || !this.state) return;
      const state =
        withArtwork(this.state, which, track, artwork) ??
        (playId === undefined ? null : withPreviousPlayArtwork(this.state, playId, artwork));
      if (state) await this.keepAndPublish(state);
    });
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
    await this.publisher.publish(state);
  }

  /** Lookups under way (tests wait for them). */
  async settleArtworkLookups(): Promise<void> {
    await this.covers.settle();
  }
}
