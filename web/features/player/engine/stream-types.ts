// The shapes the MSE stream's parts share (mse-stream.ts, ADR 030): what it tells the player,
// one connection to the host, and where the media timeline meets the host's clock.
import type { createMp3Framer, Mp3Frame } from "#schema/mp3/frames.ts";

export type MseStreamEvents = {
  /**
   * The listener hears nothing because the connection is lost and the buffer has run dry (true),
   * or the audio plays again (false). Not the element's `waiting`: Firefox, starved through MSE,
   * stands still at HAVE_FUTURE_DATA and fires none.
   */
  onStarving(starving: boolean): void;
  /** The stream cannot be played this way (not MP3, refused, a SourceBuffer error): fall back. */
  onUnsupported(reason: string): void;
  /** A connection now carries the audio of `url` (the first one, a switch, a reconnect). */
  onSource(url: string): void;
};

export type Connection = {
  url: string;
  controller: AbortController;
  framer: ReturnType<typeof createMp3Framer>;
  /** Frames received and not yet appended (an incoming connection holds them until the join). */
  held: Mp3Frame[];
  /** Seconds of audio received. */
  received: number;
  /** Seconds of this connection's audio appended (from its start, including skipped frames). */
  consumed: number;
  /**
   * The page clock (performance.now) at which this stream's position 0 was live at the host:
   * the smallest arrival time minus the audio received by then (the quickest delivery).
   */
  origin: number;
  /** When `origin` last moved by more than a few ms: the host's burst is still arriving. */
  originMovedAt: number;
  lastAudioAt: number;
  startedAt: number;
};

/**
 * Where the media timeline meets the host's clock: from `mediaTime` on, the element plays
 * `connection` from its `position` (seconds), live at connection.origin + position.
 */
export type TimelineRun = { mediaTime: number; connection: Connection; position: number };
