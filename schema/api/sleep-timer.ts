import { z } from "zod";
import { sleepTimerChoices } from "../rules";

export const sleepTimerStart = z.object({
  minutes: z.union(
    sleepTimerChoices.map((m) => z.literal(m)),
    {
      error: `minutes must be one of ${sleepTimerChoices.join(", ")}`,
    },
  ),
});
export type SleepTimerStart = z.input<typeof sleepTimerStart>;

export const sleepTimerStatus = z.object({
  active: z.boolean(),
  /** Epoch milliseconds when the radio stops; null when no timer runs. */
  endTime: z.number().int().nullable(),
});
export type SleepTimerStatus = z.infer<typeof sleepTimerStatus>;

/** The answer of DELETE /api/sleep-timer/{id}: an empty object. */
export const sleepTimerCancelled = z.strictObject({});
export type SleepTimerCancelled = z.infer<typeof sleepTimerCancelled>;
