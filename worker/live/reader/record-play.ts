// The reader's second step: the track it reads is recorded in track_history unless it is the
// newest row already (a play the room recorded before a restart, or one the cron recorded first);
// either way that row is this play's, for its share page. The first read after a cold start is
// recorded too: the cron would record the same track at its next run, a minute later, and until
// then the history and the share button would lack the play being heard.
import type { Db } from "../../lib/db";
import { appendIfChanged, latestPlayOf, playBeforeLatest } from "../../lib/history";
import { isRecordable, type StationState } from "../station-state";

/** Sets `state.played` to the play's row; a failed write is logged, and the cron records it later. */
export async function recordPlay(db: Db, state: StationState, now: number) {
  if (!isRecordable(state.current)) return;
  try {
    state.played = (await appendIfChanged(db, state.current, now)) ?? (await latestPlayOf(db, state.current));
    // A track back after the fallback goes on as the same play: the previous is the one before it.
    if (state.played && state.previous?.id === state.played.id) state.previous = await playBeforeLatest(db);
  } catch (err) {
    console.error("live room: recording the track failed (the cron records it later)", err);
  }
}
