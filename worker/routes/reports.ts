// Performance reports for the rights organisations (ADR 038), for the admin only: the period's
// summary, SoundExchange's Report of Use and every play as CSV (both streamed), who files them,
// and a recording's ISRC and label as the admin corrects them.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { reportFiler, reportPeriod, setRecordingCodes } from "#schema/api/reports.ts";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { requireAdmin } from "../http/session";
import { validate } from "../http/validate";
import { setRecordingCodes as saveRecordingCodes } from "../lib/artwork/recordings";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { readReportFiler, saveReportFiler } from "../lib/reports/filer";
import { countPlays } from "../lib/reports/plays";
import { playsCsvLines, playsCsvName } from "../lib/reports/plays-csv";
import { recordingTotals } from "../lib/reports/recordings";
import { soundExchangeFileName, soundExchangeLines } from "../lib/reports/soundexchange";
import { reportSummary } from "../lib/reports/summary";

const noStore = { "Cache-Control": "no-store" };
/** Lines are sent in chunks of about this many bytes. */
const chunkBytes = 64 * 1024;

/**
 * A stream of the lines, encoded, sent a chunk at a time as they are made. The first line is
 * made before the answer starts, so a database that fails at once gives an error answer, not a
 * download cut short.
 */
async function streamOf(
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const iterator = Symbol.asyncIterator in lines ? lines[Symbol.asyncIterator]() : lines[Symbol.iterator]();
  const first = await iterator.next();
  let carried = first.done ? "" : first.value;
  let finished = first.done === true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = carried;
      carried = "";
      while (!finished && chunk.length < chunkBytes) {
        const next = await iterator.next();
        if (next.done) finished = true;
        else chunk += next.value;
      }
      if (chunk) controller.enqueue(encoder.encode(chunk));
      if (finished) controller.close();
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** Refuses a period of more plays than one report covers (REPORT_MAX_PLAYS), before reading them. */
const withinReportSize = createMiddleware<AppEnv>(async (c, next) => {
  const period = reportPeriod.parse(c.req.query());
  const plays = await countPlays(c.env.DB, period);
  const max = getConfig(c.env).REPORT_MAX_PLAYS;
  if (plays > max)
    return jsonError(
      c,
      400,
      `The period holds ${plays} plays; a report covers at most ${max}. Choose a shorter period.`,
    );
  await next();
});

const download = (type: string, name: string) => ({
  ...noStore,
  "Content-Type": type,
  "Content-Disposition": `attachment; filename="${name}"`,
});

export const reportsRoutes = new Hono<AppEnv>()
  .get("/summary", requireAdmin, validate("query", reportPeriod), withinReportSize, async (c) => {
    return c.json(await reportSummary(c.env.DB, c.req.valid("query")), 200, noStore);
  })
  .get("/soundexchange", requireAdmin, validate("query", reportPeriod), withinReportSize, async (c) => {
    const period = c.req.valid("query");
    const filer = await readReportFiler(getDb(c.env.DB));
    if (!filer) return jsonError(c, 409, "Save who files the report (name, address, contact) first.");
    const { recordings } = await recordingTotals(c.env.DB, period);
    const lines = soundExchangeLines(filer, period, recordings, new Date());
    return c.body(
      await streamOf(lines),
      200,
      download("text/plain; charset=us-ascii", soundExchangeFileName(filer, period)),
    );
  })
  .get("/plays", requireAdmin, validate("query", reportPeriod), withinReportSize, async (c) => {
    const period = c.req.valid("query");
    return c.body(
      await streamOf(playsCsvLines(c.env.DB, period)),
      200,
      download("text/csv; charset=utf-8", playsCsvName(period)),
    );
  })
  .get("/filer", requireAdmin, async (c) => {
    return c.json({ filer: await readReportFiler(getDb(c.env.DB)) }, 200, noStore);
  })
  .put("/filer", requireAdmin, validate("json", reportFiler), async (c) => {
    const filer = c.req.valid("json");
    await saveReportFiler(getDb(c.env.DB), filer);
    return c.json({ filer });
  })
  .put("/recording", requireAdmin, validate("json", setRecordingCodes), async (c) => {
    const input = c.req.valid("json");
    await saveRecordingCodes(getDb(c.env.DB), input);
    return c.json({ ...input, source: "admin" as const });
  });
