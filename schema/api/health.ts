// The health check (GET /api/health): the database, the radio host, the cron and the live room.
import { z } from "zod";

/** When something last went right, and whether that is recent enough (HEALTH_MAX_AGE_SECONDS). */
const freshness = {
  ok: z.boolean(),
  /** Seconds since lastOkAt; null when it never went right. */
  ageSeconds: z.number().int().nonnegative().nullable(),
};

export const health = z.object({
  /** False (and the status 503) when any of db, radio, cron and (while it is on) rewind is not ok. */
  ok: z.boolean(),
  version: z.string(),
  db: z.object({ ok: z.boolean() }),
  /** The radio host's last successful read (by the live room). */
  radio: z.object({ ...freshness, lastOkAt: z.string().nullable() }),
  /** The cron's latest run, its latest run with every step ok, and the steps failing now. */
  cron: z.object({
    ...freshness,
    lastRunAt: z.string().nullable(),
    lastOkAt: z.string().nullable(),
    failingSteps: z.array(z.string()),
  }),
  /**
   * Budgets of the whole site spent now (ADR 032): what is refused, and until when. Empty in
   * normal use; an entry means a flood or an audience the setting is too small for.
   */
  budgetsSpent: z.array(z.object({ name: z.string(), limit: z.number().int(), until: z.string() })),
  /** The live room's reading of the radio host; null when the room did not answer. */
  live: z
    .object({
      /** Reads of the radio host in the last 60 s: set by the poll interval, never by the audience. */
      upstreamReadsLastMinute: z.number().int().nonnegative(),
      lastReadAt: z.string().nullable(),
      lastReadOk: z.boolean().nullable(),
    })
    .nullable(),
  /**
   * The rewind recorders (ADR 040), one per quality: each one's newest segment; null while
   * REWIND_MINUTES is 0. ok when every recorder's newest segment ended within
   * HEALTH_MAX_AGE_SECONDS.
   */
  rewind: z
    .object({
      ok: z.boolean(),
      minutes: z.number().int().positive(),
      recorders: z.array(
        z.object({
          quality: z.string(),
          ...freshness,
          /** When its newest segment ends (host time); null before the first or when it did not answer. */
          lastSegmentAt: z.string().nullable(),
          segments: z.number().int().nonnegative(),
          /** Segments in the window that start after a break in the recording (an outage). */
          breaks: z.number().int().nonnegative(),
          lastError: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type Health = z.infer<typeof health>;
