// The health check and what the SPA needs of the deployment's configuration.
import { z } from "zod";

export const health = z.object({
  ok: z.literal(true),
  version: z.string(),
  /** The live room's reading of the radio host; null when the room did not answer. */
  live: z
    .object({
      /** Reads of the radio host in the last 60 s: set by the poll interval, never by the audience. */
      upstreamReadsLastMinute: z.number().int().nonnegative(),
      lastReadAt: z.string().nullable(),
      lastReadOk: z.boolean().nullable(),
    })
    .nullable(),
});
export type Health = z.infer<typeof health>;

/** What the SPA needs of the deployment's configuration. */
export const clientConfig = z.object({
  streams: z.object({ hd: z.string(), sd: z.string(), mobile: z.string() }),
  historyWidgetUrl: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfig>;
