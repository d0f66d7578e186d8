// Who files the reports (ADR 038): kept in the settings row, so next month's report is a click.
import { eq } from "drizzle-orm";
import { type ReportFiler, reportFiler } from "#schema/api/reports.ts";
import { stationSettings } from "#schema/db.ts";
import type { Db } from "../db";

const settingsId = 1;

/** The saved filer, or null when none is saved (or what is saved no longer passes the rules). */
export async function readReportFiler(db: Db): Promise<ReportFiler | null> {
  const row = await db
    .select({ reportFiler: stationSettings.reportFiler })
    .from(stationSettings)
    .where(eq(stationSettings.id, settingsId))
    .get();
  if (!row?.reportFiler) return null;
  try {
    const parsed = reportFiler.safeParse(JSON.parse(row.reportFiler));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function saveReportFiler(db: Db, filer: ReportFiler): Promise<void> {
  const value = JSON.stringify(filer);
  await db
    .insert(stationSettings)
    .values({ id: settingsId, reportFiler: value })
    .onConflictDoUpdate({ target: stationSettings.id, set: { reportFiler: value } });
}
