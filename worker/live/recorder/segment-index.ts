// A rewind recorder's index of its segments (ADR 040), in the Durable Object's own SQLite: each
// segment's host time, length, R2 key and whether it follows the one before, and the in-band
// title changes. The recorder writes the object before its row, and deletes it before its row.
import type { Segment } from "../../lib/rewind/recording";

export type SegmentRow = {
  seq: number;
  startMs: number;
  durationMs: number;
  key: string;
  joined: boolean;
  gapBeforeMs: number;
  title: string | null;
};

type Row = {
  seq: number;
  start_ms: number;
  duration_ms: number;
  key: string;
  joined: number;
  gap_before_ms: number;
  title: string | null;
};

export class SegmentIndex {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`
      CREATE TABLE IF NOT EXISTS segments (
        seq INTEGER PRIMARY KEY,
        start_ms REAL NOT NULL,
        duration_ms REAL NOT NULL,
        frames INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        key TEXT NOT NULL,
        joined INTEGER NOT NULL,
        gap_before_ms REAL NOT NULL,
        title TEXT
      );
      CREATE INDEX IF NOT EXISTS segments_by_start ON segments (start_ms);
      CREATE TABLE IF NOT EXISTS titles (at_ms REAL NOT NULL, title TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS titles_by_time ON titles (at_ms);
    `);
  }

  nextSeq(): number {
    return (this.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM segments").one().seq ?? 0) + 1;
  }

  add(seq: number, key: string, segment: Segment): void {
    this.sql.exec(
      `INSERT INTO segments (seq, start_ms, duration_ms, frames, bytes, key, joined, gap_before_ms, title)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      seq,
      segment.startMs,
      segment.durationMs,
      segment.frames,
      segment.bytes.length,
      key,
      segment.joined ? 1 : 0,
      segment.gapBeforeMs,
      segment.title,
    );
    for (const mark of segment.titles)
      this.sql.exec("INSERT INTO titles (at_ms, title) VALUES (?, ?)", mark.atMs, mark.title);
  }

  /** The segments that ended before `cutoff`, oldest first. */
  endedBefore(cutoff: number): { seq: number; key: string }[] {
    return this.sql
      .exec<{ seq: number; key: string }>(
        "SELECT seq, key FROM segments WHERE start_ms + duration_ms < ? ORDER BY seq",
        cutoff,
      )
      .toArray();
  }

  deleteThrough(seq: number): void {
    this.sql.exec("DELETE FROM segments WHERE seq <= ?", seq);
  }

  deleteTitlesBefore(cutoff: number): void {
    this.sql.exec("DELETE FROM titles WHERE at_ms < ?", cutoff);
  }

  /** The segments that overlap [fromMs, toMs), in order. */
  overlapping(fromMs: number, toMs: number): SegmentRow[] {
    return this.sql
      .exec<Row>(
        `SELECT seq, start_ms, duration_ms, key, joined, gap_before_ms, title FROM segments
         WHERE start_ms < ? AND start_ms + duration_ms > ? ORDER BY seq`,
        toMs,
        fromMs,
      )
      .toArray()
      .map((row) => ({
        seq: row.seq,
        startMs: row.start_ms,
        durationMs: row.duration_ms,
        key: row.key,
        joined: row.joined === 1,
        gapBeforeMs: row.gap_before_ms,
        title: row.title,
      }));
  }

  /** The in-band title changes in [fromMs, toMs), in order. */
  titlesBetween(fromMs: number, toMs: number): { atMs: number; title: string }[] {
    return this.sql
      .exec<{ at_ms: number; title: string }>(
        "SELECT at_ms, title FROM titles WHERE at_ms >= ? AND at_ms < ? ORDER BY at_ms",
        fromMs,
        toMs,
      )
      .toArray()
      .map((row) => ({ atMs: row.at_ms, title: row.title }));
  }

  /** How many segments, the oldest start, the breaks after the first, and the newest segment. */
  summary() {
    const counts = this.sql
      .exec<{ segments: number; oldest: number | null; breaks: number | null }>(
        `SELECT count(*) AS segments, min(start_ms) AS oldest,
                sum(CASE WHEN joined = 0 AND seq > (SELECT min(seq) FROM segments) THEN 1 ELSE 0 END) AS breaks
         FROM segments`,
      )
      .one();
    const last = this.sql
      .exec<{ end_ms: number; key: string }>(
        "SELECT start_ms + duration_ms AS end_ms, key FROM segments ORDER BY seq DESC LIMIT 1",
      )
      .toArray()[0];
    return {
      segments: counts.segments,
      oldest: counts.oldest,
      breaks: counts.breaks ?? 0,
      lastEnd: last?.end_ms ?? null,
      lastKey: last?.key ?? null,
    };
  }
}
