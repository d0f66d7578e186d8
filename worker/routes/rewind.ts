// Rewind (ADR 040): GET /api/rewind/:quality says what is recorded of that stream and, given
// `at`, which segments cover the 10-minute page that holds it (kept at the edge for 3 s: the
// recorder answers each page once per location, however many players ask); GET /api/rewind/:quality/segments/:file is one
// segment's bytes, immutable, kept by each edge location (the Cache API) in front of R2.
import { Hono } from "hono";
import { z } from "zod";
import { type RewindIndex, rewindIndexQuery, rewindPageMs, rewindQuality } from "#schema/api/rewind.ts";
import type { AppEnv } from "../env";
import { afterAnswer, jsonError } from "../http/http";
import { validate } from "../http/validate";
import { getConfig } from "../lib/config";
import { streamRecorder } from "../live";

/** A segment's file name as the recorder writes it: `<start ms>-<seq>.mp3`. */
const segmentFile = /^\d{1,16}-\d{1,12}\.mp3$/;
const qualityParam = z.object({ quality: rewindQuality });

export const rewind = new Hono<AppEnv>()
  .get(
    "/:quality/segments/:file",
    validate("param", qualityParam.extend({ file: z.string() })),
    async (c) => {
      const { quality, file } = c.req.valid("param");
      if (!segmentFile.test(file)) return jsonError(c, 404, "No such segment");
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
    const minutes = getConfig(c.env).REWIND_MINUTES;
    if (minutes === 0) return jsonError(c, 404, "This station keeps no rewind window", "rewind_off");
    const from = at === undefined ? undefined : Math.floor(at / rewindPageMs) * rewindPageMs;
    const edge = caches.default;
    const cacheKey = `${new URL(c.req.path, c.req.url).toString()}?page=${from ?? "none"}`;
    const cached = await edge.match(cacheKey);
    if (cached) return new Response(cached.body, cached);
    const recorder = streamRecorder(c.env, quality);
    const [status, rows] = await Promise.all([
      recorder.status(),
      from === undefined ? [] : recorder.segments(from, from + rewindPageMs),
    ]);
    const body: RewindIndex = {
      quality,
      minutes,
      oldest: status.oldestStartMs,
      newest: status.lastSegmentEndMs,
      segments: rows.map((row) => ({
        start: row.startMs,
        duration: row.durationMs,
        url: `/api/rewind/${quality}/segments/${row.key.slice(row.key.lastIndexOf("/") + 1)}`,
        joined: row.joined,
        gapBefore: row.gapBeforeMs,
      })),
    };
    // A new segment comes every 6 s: a page may be 3 s behind, never more.
    const res = c.json(body, 200, { "Cache-Control": "public, max-age=3" });
    await afterAnswer(c, edge.put(cacheKey, res.clone()));
    return res;
  });
