// Joining a reconnect to what was kept (the player's engine, ADR 030; the rewind recorder): the
// same mount sends the very bytes again, so the join is where the last frames kept recur, exact to
// the frame.
import type { Mp3Frame } from "./frames";

/** Frames that must recur, in order, for a reconnect to be joined by its bytes. */
export const matchFrames = 3;

/** The index just after the first run of `frames` equal, byte for byte, to `run`; -1 when none. */
export function indexAfter(frames: Mp3Frame[], run: Uint8Array[]): number {
  if (run.length === 0) return -1;
  search: for (let i = 0; i + run.length <= frames.length; i++) {
    for (let j = 0; j < run.length; j++) {
      if (!sameBytes((frames[i + j] as Mp3Frame).bytes, run[j] as Uint8Array)) continue search;
    }
    return i + run.length;
  }
  return -1;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
