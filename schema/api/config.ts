// What the SPA needs of the deployment's configuration (GET /api/config, ADR 004).
import { z } from "zod";
import { rewindSettings } from "./rewind";

/** What the SPA needs of the deployment's configuration. */
export const clientConfig = z.object({
  streams: z.object({ hd: z.string(), sd: z.string(), mobile: z.string() }),
  historyWidgetUrl: z.string().nullable(),
  /** Whether the station announces its next track (a next-track widget, or AzuraCast's playing_next). */
  announcesNextTrack: z.boolean(),
  /** Rewind as the operator allows it (ADR 040, 042); `minutes` 0: listeners cannot go back. */
  rewind: rewindSettings,
  /** Per quality: its bitrate (kbit/s) and the host's burst (bytes), to time titles to the audio. */
  streamTiming: z.object({
    bitrateKbps: z.object({ hd: z.number(), sd: z.number(), mobile: z.number() }),
    burstBytes: z.object({ hd: z.number(), sd: z.number(), mobile: z.number() }),
  }),
});
export type ClientConfig = z.infer<typeof clientConfig>;
