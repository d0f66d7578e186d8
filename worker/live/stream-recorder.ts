// The rewind recorder of one quality (ADR 040), named after it ("hd", "sd", "mobile"): an alarm
// reads the host's mount for REWIND_SESSION_SECONDS at a time, well within an alarm's 15 minutes,
// cuts what comes into segments (worker/lib/rewind/recording.ts) stored in R2, and indexes them in
// its own SQLite storage. The next alarm follows at once and joins its connection to the last by
// the host's burst; a connection that drops is made again within the session. The cron and the
// live room ask it to go on (ensure), so a recorder that stopped starts again within a minute.
import { DurableObject } from "cloudflare:workers";
import { createMp3Framer, frameSeconds } from "#schema/mp3/frames.ts";
import { rewindQualities } from "#schema/rewind.ts";
import { getConfig } from "../lib/config";
import { createIcyReader } from "../lib/rewind/icy";
import { createRecording, type RecordingTail, type Segment } from "../lib/rewind/recording";
import { SegmentIndex, type SegmentRow } from "./recorder/segment-index";

export type { SegmentRow };

export { rewindQualities };
export type RewindQuality = (typeof rewindQualities)[number];

/** Seconds of audio per segment: what a seek fetches first, and the step of relay mode. */
export const segmentMs = 6000;
/** Reconnects within a session wait this long, doubling up to the last. */
const reconnectDelaysMs = [0, 200, 500, 1000, 2000];
/** A connection that brings nothing for this long is dropped and made again. */
const stallMs = 5000;
/** After a session that failed outright, the next alarm waits this long. */
const retryAfterFailureMs = 5000;

export type RecorderStatus = {
  quality: string;
  /** The end of the newest segment (host time, ms), or null before the first. */
  lastSegmentEndMs: number | null;
  lastSegmentKey: string | null;
  segments: number;
  oldestStartMs: number | null;
  /** Breaks inside the window: the number of segments that start after a gap. */
  breaks: number;
  lastError: { message: string; at: number } | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class StreamRecorder extends DurableObject<Env> {
  private running = false;
  private readonly index: SegmentIndex;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.index = new SegmentIndex(ctx.storage.sql);
  }

  /** Its name: a quality, or a quality and a suffix ("sd/test-…", a test's own recorder). */
  private get name(): string {
    return this.ctx.id.name ?? "";
  }

  private get quality(): RewindQuality {
    const quality = this.name.split("/")[0];
    if (!rewindQualities.includes(quality as RewindQuality))
      throw new Error(`no stream is named ${this.name}`);
    return quality as RewindQuality;
  }

  /**
   * Keeps recording: sets the alarm when none is set. With REWIND_MINUTES 0, stops and deletes
   * what was recorded. True while it records.
   */
  async ensure(): Promise<boolean> {
    const config = getConfig(this.env);
    if (config.REWIND_MINUTES === 0) {
      await this.ctx.storage.deleteAlarm();
      await this.prune(Number.POSITIVE_INFINITY, 0);
      return false;
    }
    await this.keepRecording();
    return true;
  }

  private async keepRecording(): Promise<void> {
    if (!this.running && (await this.ctx.storage.getAlarm()) === null)
      await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    const config = getConfig(this.env);
    if (config.REWIND_MINUTES === 0) return;
    let failed = false;
    try {
      failed = !(await this.record(config.REWIND_SESSION_SECONDS * 1000));
    } catch (error) {
      failed = true;
      this.noteError(error);
    }
    await this.prune(Date.now(), config.REWIND_MINUTES).catch((error: unknown) => this.noteError(error));
    await this.ctx.storage.setAlarm(Date.now() + (failed ? retryAfterFailureMs : 0));
  }

  /**
   * Records the mount for `forMs`, reconnecting within that time when the connection drops.
   * False when no audio came at all (the host is down); refuses to run beside another session.
   */
  async record(forMs: number): Promise<boolean> {
    if (this.running) throw new Error("this recorder is already recording");
    this.running = true;
    try {
      const config = getConfig(this.env);
      const url = { hd: config.STREAM_URL_HD, sd: config.STREAM_URL_SD, mobile: config.STREAM_URL_MOBILE }[
        this.quality
      ];
      const burstMs =
        (config.STREAM_BURST_BYTES[this.quality] * 8) / config.STREAM_BITRATES_KBPS[this.quality];
      const recording = createRecording({
        segmentMs,
        // The burst holds the last frames recorded when the reconnect came in time; a margin for
        // the host's own buffering.
        joinWindowMs: burstMs + 3000,
        tail: (await this.ctx.storage.get<RecordingTail>("tail")) ?? null,
      });
      const deadline = Date.now() + forMs;
      let anyAudio = false;
      let attempt = 0;
      while (Date.now() < deadline) {
        const heard = await this.readConnection(url, recording, deadline);
        anyAudio ||= heard;
        if (Date.now() >= deadline) break;
        attempt = heard ? 0 : attempt + 1;
        await sleep(reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] ?? 2000);
      }
      return anyAudio;
    } finally {
      this.running = false;
    }
  }

  /** One connection, until it ends or the deadline; true when it brought audio. */
  private async readConnection(
    url: string,
    recording: ReturnType<typeof createRecording>,
    deadline: number,
  ): Promise<boolean> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
    let stalled = false;
    let stall = setTimeout(() => {}, 0);
    const armStall = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, stallMs);
    };
    let writes: Promise<void> = Promise.resolve();
    const store = (segments: Segment[]) => {
      if (segments.length > 0) writes = writes.then(() => this.store(segments, recording.tail()));
    };
    let heard = false;
    const connection = recording.connect();
    try {
      armStall();
      const response = await fetch(url, { headers: { "Icy-MetaData": "1" }, signal: controller.signal });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new Error(`the host answered ${response.status} for ${new URL(url).pathname}`);
      }
      const metaint = Number(response.headers.get("icy-metaint"));
      const interval = Number.isInteger(metaint) && metaint > 0 ? metaint : null;
      const icy = createIcyReader(interval);
      const framer = createMp3Framer();
      // The host sends a title only every `metaint` bytes: a change was made somewhere in the
      // stretch before it, on average half of it earlier (ADR 043).
      let halfSpanMs = 0;
      const reader = response.body.getReader();
      for (;;) {
        armStall();
        const { done, value } = await reader.read();
        if (done) break;
        const arrival = Date.now();
        for (const piece of icy.push(value)) {
          if ("title" in piece) connection.title(piece.title, halfSpanMs);
          else {
            const frames = framer.push(piece.audio);
            const last = frames.at(-1);
            if (last && interval) halfSpanMs = (interval / last.bytes.length) * frameSeconds(last) * 500;
            heard ||= frames.length > 0;
            store(connection.push(frames, arrival));
          }
        }
      }
    } catch (error) {
      if (stalled) this.noteError(new Error(`no audio from the host for ${stallMs / 1000} s`));
      else if (!controller.signal.aborted) this.noteError(error);
    } finally {
      clearTimeout(timer);
      clearTimeout(stall);
      store(connection.end());
      await writes;
    }
    return heard;
  }

  /** Writes segments to R2, then indexes them: the index never names a missing object. */
  private async store(segments: Segment[], tail: RecordingTail | null): Promise<void> {
    for (const segment of segments) {
      const seq = this.index.nextSeq();
      const key = `${this.name}/${Math.round(segment.startMs)}-${seq}.mp3`;
      await this.env.REWIND.put(key, segment.bytes, {
        httpMetadata: { contentType: "audio/mpeg", cacheControl: "public, max-age=31536000, immutable" },
      });
      this.index.add(seq, key, segment);
    }
    if (tail) await this.ctx.storage.put("tail", tail);
  }

  /** Deletes what ended before `now` less the window, objects first; `minutes` 0: everything. */
  async prune(now: number, minutes: number): Promise<number> {
    const cutoff = minutes === 0 ? Number.POSITIVE_INFINITY : now - minutes * 60_000;
    const old = this.index.endedBefore(cutoff);
    for (let i = 0; i < old.length; i += 1000) {
      const batch = old.slice(i, i + 1000);
      await this.env.REWIND.delete(batch.map((row) => row.key));
      this.index.deleteThrough(batch.at(-1)?.seq ?? 0);
    }
    this.index.deleteTitlesBefore(cutoff);
    if (minutes === 0) await this.ctx.storage.delete("tail");
    return old.length;
  }

  /** The segments that overlap [fromMs, toMs), in order. */
  async segments(fromMs: number, toMs: number): Promise<SegmentRow[]> {
    return this.index.overlapping(fromMs, toMs);
  }

  /**
   * One index page in one call (one billed request): what it holds, and the segments and in-band
   * title changes of [fromMs, toMs) if asked.
   */
  async page(
    fromMs?: number,
    toMs?: number,
  ): Promise<{ status: RecorderStatus; rows: SegmentRow[]; titles: { atMs: number; title: string }[] }> {
    const status = await this.status();
    if (fromMs === undefined || toMs === undefined) return { status, rows: [], titles: [] };
    return {
      status,
      rows: this.index.overlapping(fromMs, toMs),
      titles: this.index.titlesBetween(fromMs, toMs),
    };
  }

  /** What it holds; asked while rewind is on, it also starts recording if it had stopped. */
  async status(): Promise<RecorderStatus> {
    if (getConfig(this.env).REWIND_MINUTES > 0) await this.keepRecording();
    const summary = this.index.summary();
    return {
      quality: this.quality,
      lastSegmentEndMs: summary.lastEnd,
      lastSegmentKey: summary.lastKey,
      segments: summary.segments,
      oldestStartMs: summary.oldest,
      breaks: summary.breaks,
      lastError: (await this.ctx.storage.get<{ message: string; at: number }>("lastError")) ?? null,
    };
  }

  private noteError(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`rewind recorder ${this.name}: ${message}`);
    void this.ctx.storage.put("lastError", { message, at: Date.now() });
  }
}
