// The operator's settings for listeners' screens (ADR 021): whether they see the listener count.
import { eq } from "drizzle-orm";
import { stationSettings } from "#schema/db.ts";
import type { Db } from "../db";

const settingsId = 1;

/** The settings row (none until the admin first saves); in a batch, read it with `listenersPublicOf`. */
export function settingsQuery(db: Db) {
  return db
    .select({ listenersPublic: stationSettings.listenersPublic })
    .from(stationSettings)
    .where(eq(stationSettings.id, settingsId));
}

/** Whether listeners see the count: yes until the admin says otherwise. */
export function listenersPublicOf(rows: { listenersPublic: boolean }[]): boolean {
  return rows[0]?.listenersPublic ?? true;
}

export async function readListenersPublic(db: Db): Promise<boolean> {
  return listenersPublicOf(await settingsQuery(db));
}

export async function saveListenersPublic(db: Db, listenersPublic: boolean): Promise<void> {
  await db
    .insert(stationSettings)
    .values({ id: settingsId, listenersPublic })
    .onConflictDoUpdate({ target: stationSettings.id, set: { listenersPublic } });
}
