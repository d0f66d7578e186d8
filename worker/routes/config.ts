import { Hono } from "hono";
import type { ClientConfig } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { getConfig } from "../lib/config";
import { announcesNextTrack } from "../lib/radio";

/**
 * What the SPA needs of this deployment: stream URLs per quality, the history widget, Coming Up,
 * and each stream's timing (titles change when the listener hears the track, ADR 020).
 */
export const clientConfig = new Hono<AppEnv>().get("/", (c) => {
  const config = getConfig(c.env);
  const body: ClientConfig = {
    streams: { hd: config.STREAM_URL_HD, sd: config.STREAM_URL_SD, mobile: config.STREAM_URL_MOBILE },
    historyWidgetUrl: config.HISTORY_WIDGET_URL ?? null,
    announcesNextTrack: announcesNextTrack(config),
    rewindMinutes: config.REWIND_MINUTES,
    streamTiming: { bitrateKbps: config.STREAM_BITRATES_KBPS, burstBytes: config.STREAM_BURST_BYTES },
  };
  c.header("Cache-Control", "public, max-age=300");
  return c.json(body);
});
