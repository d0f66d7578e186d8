// The reader's second step: a track the host reported after one it reported before is a change
// the room saw happen, and it records it in track_history. The first read after a cold start is
// not recorded here (the cron records that track); either way a row recorded already is this
// play's, for its share page.
import type { Db } from "../../lib/db";
import { appendIfChanged, latestPlayOf } from "../../lib/history";
import { isRecordable, type StationState } from "../station-state";

/** Sets `state.played` to the play's row; a failed write is logged, and the cron records it later. */
export async function recordPlay(db: Db, previous: StationState, state: StationState, now: number) {
  if (!isRecordable(state.current)) return;
  try {
    const recorded = previous.readAt === null ? null : await appendIfChanged(db, state.current, now);
    state.played = recorded ?? (await latestPlayOf(db, state.current));
  } catch (err) {
    console.error("live room: recording the track failed (the cron records it later)", err);
  }
}
