import { Hono } from "hono";
import type { ClientConfig } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { announcesNextTrack } from "../lib/radio";
import { effectiveRewindSettings, rewindSettingsInForce } from "../lib/rewind/settings";

/**
 * What the SPA needs of this deployment: stream URLs per quality, the history widget, Coming Up,
 * and each stream's timing (titles change when the listener hears the track, ADR 020).
 */
export const clientConfig = new Hono<AppEnv>().get("/", async (c) => {
  const config = getConfig(c.env);
  const rewind =
    config.REWIND_MINUTES === 0
      ? effectiveRewindSettings(null, 0)
      : await rewindSettingsInForce(getDb(c.env.DB), config.REWIND_MINUTES);
  const body: ClientConfig = {
    streams: { hd: config.STREAM_URL_HD, sd: config.STREAM_URL_SD, mobile: config.STREAM_URL_MOBILE },
    historyWidgetUrl: config.HISTORY_WIDGET_URL ?? null,
    announcesNextTrack: announcesNextTrack(config),
    rewind,
    streamTiming: { bitrateKbps: config.STREAM_BITRATES_KBPS, burstBytes: config.STREAM_BURST_BYTES },
  };
  // A minute: the operator's rewind settings reach open players within it (ADR 042).
  c.header("Cache-Control", "public, max-age=60");
  return c.json(body);
});
