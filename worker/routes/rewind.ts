// Rewind (ADR 040): GET /api/rewind/:quality says what listeners may reach of that stream and,
// given `at`, which segments cover the 10-minute page that holds it (kept at the edge for 3 s: the
// recorder answers each page once per location, however many players ask);
// GET /api/rewind/:quality/segments/:file is one segment's bytes, immutable, kept by each edge
// location (the Cache API) in front of R2. Both hold to the operator's window (ADR 042), which
// GET/PUT /api/rewind/settings read and change (the admin only).
import { Hono } from "hono";
import { z } from "zod";
import {
  type RewindIndex,
  type RewindSettingsAnswer,
  rewindIndexQuery,
  rewindPageMs,
  rewindQuality,
  rewindSettings,
} from "#schema/api/rewind.ts";
import type { AppEnv } from "../env";
import { afterAnswer, jsonError } from "../http/http";
import { requireAdmin } from "../http/session";
import { validate } from "../http/validate";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import {
  effectiveRewindSettings,
  readSavedRewindSettings,
  rewindSettingsInForce,
  saveRewindSettings,
  servedReachMs,
} from "../lib/rewind/settings";
import { streamRecorder } from "../live";

/** A segment's file name as the recorder writes it: `<start ms>-<seq>.mp3`. */
const segmentFile = /^\d{1,16}-\d{1,12}\.mp3$/;
const qualityParam = z.object({ quality: rewindQuality });
/** A segment lasts about 6 s; one that started this much before the reach may still hold it. */
const segmentSlackMs = 10_000;
const noStore = { "Cache-Control": "no-store" };

export const rewind = new Hono<AppEnv>()
  .get("/settings", requireAdmin, async (c) => {
    const recordedMinutes = getConfig(c.env).REWIND_MINUTES;
    const saved = await readSavedRewindSettings(getDb(c.env.DB));
    const body: RewindSettingsAnswer = {
      settings: effectiveRewindSettings(saved, recordedMinutes),
      recordedMinutes,
    };
    return c.json(body, 200, noStore);
  })
  .put("/settings", requireAdmin, validate("json", rewindSettings), async (c) => {
    const settings = c.req.valid("json");
    const recordedMinutes = getConfig(c.env).REWIND_MINUTES;
    if (settings.minutes > recordedMinutes)
      return jsonError(
        c,
        400,
        `minutes must be at most ${recordedMinutes}: the station records ${recordedMinutes} minutes (REWIND_MINUTES)`,
      );
    if (settings.relay && recordedMinutes === 0)
      return jsonError(c, 400, "Relay mode needs the recording: REWIND_MINUTES is 0");
    await saveRewindSettings(getDb(c.env.DB), settings);
    const body: RewindSettingsAnswer = { settings, recordedMinutes };
    return c.json(body, 200, noStore);
  })
  .get(
    "/:quality/segments/:file",
    validate("param", qualityParam.extend({ file: z.string() })),
    async (c) => {
      const { quality, file } = c.req.valid("param");
      if (!segmentFile.test(file)) return jsonError(c, 404, "No such segment");
      // The operator's window holds for bytes the edge already keeps, too.
      const reach = await reachOf(c.env);
      if (reach === null) return jsonError(c, 404, "This station keeps no rewind window", "rewind_off");
      if (Number(file.slice(0, file.indexOf("-"))) < Date.now() - reach - segmentSlackMs)
        return jsonError(c, 404, "That moment is no longer in the rewind window");
      const edge = caches.default;
      const cacheKey = new URL(c.req.path, c.req.url).toString();
      const cached = await edge.match(cacheKey);
      if (cached) return new Response(cached.body, cached);
      const object = await c.env.REWIND.get(`${quality}/${file}`);
      // Gone from the window (or never recorded): the player asks the index again.
      if (!object) return jsonError(c, 404, "That moment is no longer in the rewind window");
      const res = new Response(object.body, {
        headers: {
          "Content-Type": "audio/mpeg",
          "Content-Length": String(object.size),
          "Cache-Control": "public, max-age=31536000, immutable",
          "X-Content-Type-Options": "nosniff",
          ETag: object.httpEtag,
        },
      });
      await afterAnswer(c, edge.put(cacheKey, res.clone()));
      return res;
    },
  )
  .get("/:quality", validate("param", qualityParam), validate("query", rewindIndexQuery), async (c) => {
    const { quality } = c.req.valid("param");
    const { at } = c.req.valid("query");
    const reach = await reachOf(c.env);
    if (reach === null) return jsonError(c, 404, "This station keeps no rewind window", "rewind_off");
    const minutes = Math.ceil(reach / 60_000);
    const from = at === undefined ? undefined : Math.floor(at / rewindPageMs) * rewindPageMs;
    const edge = caches.default;
    const cacheKey = `${new URL(c.req.path, c.req.url).toString()}?page=${from ?? "none"}`;
    const cached = await edge.match(cacheKey);
    if (cached) return new Response(cached.body, cached);
    const { status, rows, titles } = await streamRecorder(c.env, quality).page(
      from,
      from === undefined ? undefined : from + rewindPageMs,
    );
    const reachFrom = Date.now() - reach;
    const oldest = status.oldestStartMs === null ? null : Math.max(status.oldestStartMs, reachFrom);
    const body: RewindIndex = {
      quality,
      minutes,
      oldest: status.lastSegmentEndMs === null ? null : oldest,
      newest: status.lastSegmentEndMs,
      segments: rows
        .filter((row) => row.startMs + row.durationMs > reachFrom)
        .map((row) => ({
          start: row.startMs,
          duration: row.durationMs,
          url: `/api/rewind/${quality}/segments/${row.key.slice(row.key.lastIndexOf("/") + 1)}`,
          joined: row.joined,
          gapBefore: row.gapBeforeMs,
        })),
      titles: titles
        .filter((mark) => mark.atMs > reachFrom)
        .map((mark) => ({ at: mark.atMs, title: mark.title })),
    };
    // A new segment comes every 6 s: a page may be 3 s behind, never more.
    const res = c.json(body, 200, { "Cache-Control": "public, max-age=3" });
    await afterAnswer(c, edge.put(cacheKey, res.clone()));
    return res;
  });

/** How far back (ms) listeners may reach now (the recording within the operator's window), or null. */
async function reachOf(env: AppEnv["Bindings"]): Promise<number | null> {
  const recorded = getConfig(env).REWIND_MINUTES;
  if (recorded === 0) return null;
  return servedReachMs(await rewindSettingsInForce(getDb(env.DB), recorded));
}
