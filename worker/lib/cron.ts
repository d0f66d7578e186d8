// The cron trigger's work (every minute): the backstop of the live room's track history
// (and its alarm), and clearing out what has expired. Each step runs even when another fails; a
// failing step is logged when it starts failing and when it recovers (cron-status.ts).
import type { Track } from "#schema/api.ts";
import { listening } from "#schema/listener-rules.ts";
import { type Config, getConfig } from "./config";
import { deleteContactMessagesBefore } from "./contact";
import { cronLogLines, readCronStatus, recordCronRun } from "./cron-status";
import { getDb } from "./db";
import { pruneDevOutbox } from "./email/log";
import { deleteUntouchedAnonymousFavorites, pruneAnonymousFavoritesOverCap } from "./favorites";
import { appendIfChanged, deleteHistoryBefore } from "./history";
import { pruneListenerSamples } from "./insights/samples";
import { pruneSessionRollups, rollUpSessions } from "./insights/sessions";
import { refreshSongImpact } from "./insights/song-impact";
import { deleteListeningBefore, pruneListeningOverCap } from "./listening";
import { pruneLivePasses } from "./live-passes";
import { isFallbackTrack, readCurrentTrack } from "./radio";
import { deleteStaleRateLimits } from "./rate-limit";
import { deleteExpiredSessions } from "./session";
import { deleteExpiredSleepTimers } from "./sleep-timer";
import { deleteStaleLoginTokens } from "./tokens";

const dayMs = 24 * 60 * 60 * 1000;
/** Longer than any rate-limit window in use, so no live window is dropped. */
const rateLimitRetentionMs = dayMs;

export type TrackHistoryRefresh = { recorded: boolean; pruned: number };

/** Runs the named steps of one cron run, each even when another fails, noting what failed. */
function stepRunner(failures: Map<string, string>) {
  return async <T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      failures.set(what, String(err));
      return fallback;
    }
  };
}

/**
 * Appends the current track (from `currentTrack`; by default read from the host) to
 * track_history when it differs from the latest row (never the fallback track or an empty
 * title), deletes history older than the retention, stale
 * rate-limit counters, expired sleep timers, sessions and login tokens, old dev mail and contact
 * messages, and the favorites of anonymous owners untouched for their retention (a bounded
 * number per run); past the caps on rows kept, the oldest anonymous favorites and stretches.
 */
export async function refreshTrackHistory(
  env: Env,
  scheduledTime: number,
  currentTrack: (config: Config) => Promise<Track> = readCurrentTrack,
): Promise<TrackHistoryRefresh> {
  const config = getConfig(env);
  const db = getDb(env.DB);
  const failures = new Map<string, string>();
  const step = stepRunner(failures);
  const previous = await step("reading the last run", null, () => readCronStatus(db));
  const recorded = await step("recording the current track", false, async () => {
    const track = await currentTrack(config);
    if (!track.title.trim() || isFallbackTrack(track)) return false;
    return (await appendIfChanged(db, track, scheduledTime)) !== null;
  });
  const pruned = await step("pruning track history", 0, () =>
    deleteHistoryBefore(db, scheduledTime - config.HISTORY_RETENTION_DAYS * dayMs),
  );
  await step("pruning listening sessions", 0, () =>
    deleteListeningBefore(db, scheduledTime - listening.retentionDays * dayMs),
  );
  await step("rolling up listening sessions", 0, () => rollUpSessions(db, scheduledTime));
  await step("ranking song impact", [], () => refreshSongImpact(db, scheduledTime));
  await step("pruning listener samples", 0, async () => {
    const hourBefore = scheduledTime - config.INSIGHTS_HOUR_DAYS * dayMs;
    return (
      (await pruneListenerSamples(db, {
        minuteBefore: scheduledTime - config.INSIGHTS_MINUTE_DAYS * dayMs,
        hourBefore,
      })) + (await pruneSessionRollups(db, hourBefore))
    );
  });
  await step("pruning contact messages", 0, () =>
    deleteContactMessagesBefore(db, scheduledTime - config.CONTACT_RETENTION_DAYS * dayMs),
  );
  await step("deleting stale rate limits", undefined, () =>
    deleteStaleRateLimits(db, scheduledTime, rateLimitRetentionMs),
  );
  await step("deleting expired sleep timers", 0, () => deleteExpiredSleepTimers(db, scheduledTime));
  await step("deleting untaken live passes", 0, () => pruneLivePasses(db, scheduledTime));
  await step("deleting expired sessions", undefined, () => deleteExpiredSessions(db, scheduledTime));
  await step("deleting stale login tokens", undefined, () => deleteStaleLoginTokens(db, scheduledTime));
  await step("pruning the dev outbox", undefined, () => pruneDevOutbox(db, scheduledTime - 7 * dayMs));
  await step("pruning untouched anonymous favorites", 0, () =>
    deleteUntouchedAnonymousFavorites(db, scheduledTime - config.ANONYMOUS_FAVORITES_RETENTION_DAYS * dayMs),
  );
  // The caps on what the site keeps (ADR 034): never what was touched in the last week.
  const spareSince = scheduledTime - 7 * dayMs;
  await step("capping anonymous favorites", 0, () =>
    pruneAnonymousFavoritesOverCap(db, config.ANONYMOUS_FAVORITES_MAX_ROWS, spareSince),
  );
  await step("capping listening sessions", 0, () =>
    pruneListeningOverCap(db, config.LISTENING_MAX_ROWS, spareSince),
  );
  for (const { level, line } of cronLogLines(previous?.failingSteps ?? [], failures, scheduledTime)) {
    if (level === "error") console.error(line);
    else console.log(line);
  }
  await recordCronRun(db, scheduledTime, failures).catch((err) =>
    console.error(`cron: recording the run failed: ${String(err)}`),
  );
  return { recorded, pruned };
}
