// The operator's settings for listeners' screens (issue 20): whether they see the listener count.
import { eq } from "drizzle-orm";
import { stationSettings } from "#schema/db.ts";
import type { Db } from "../lib/db";

const settingsId = 1;

/** Whether listeners see the count: yes until the admin says otherwise. */
export async function readListenersPublic(db: Db): Promise<boolean> {
  const row = await db
    .select({ listenersPublic: stationSettings.listenersPublic })
    .from(stationSettings)
    .where(eq(stationSettings.id, settingsId))
    .get();
  return row?.listenersPublic ?? true;
}

export async function saveListenersPublic(db: Db, listenersPublic: boolean): Promise<void> {
  await db
    .insert(stationSettings)
    .values({ id: settingsId, listenersPublic })
    .onConflictDoUpdate({ target: stationSettings.id, set: { listenersPublic } });
}
