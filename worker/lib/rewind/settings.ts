// The operator's rewind settings (ADR 042), kept in the settings row: how far back listeners may
// go, whether they may restart a track or play one from the history, and relay mode. Read on every
// rewind call, so each isolate keeps what it read for `settingsTtlMs`: a change reaches every edge
// location within that time, and a relayed audience costs D1 one read per isolate per 30 s.
import { eq } from "drizzle-orm";
import { type RewindSettings, rewindSettings } from "#schema/api/rewind.ts";
import { stationSettings } from "#schema/db.ts";
import type { Db } from "../db";

const settingsId = 1;
export const settingsTtlMs = 30_000;

/** What listeners get before the operator saves: the whole recording, every way in, no relay. */
export function defaultRewindSettings(recordedMinutes: number): RewindSettings {
  return { minutes: recordedMinutes, restartTrack: true, playFromHistory: true, relay: false };
}

/**
 * The settings in force: what is saved, within what is recorded. Nothing recorded, nothing
 * offered (relay needs the recording too).
 */
export function effectiveRewindSettings(
  saved: RewindSettings | null,
  recordedMinutes: number,
): RewindSettings {
  const settings = saved ?? defaultRewindSettings(recordedMinutes);
  if (recordedMinutes === 0) return { minutes: 0, restartTrack: false, playFromHistory: false, relay: false };
  return { ...settings, minutes: Math.min(settings.minutes, recordedMinutes) };
}

/** The saved settings, or null when none are saved (or what is saved no longer passes the rules). */
export async function readSavedRewindSettings(db: Db): Promise<RewindSettings | null> {
  const row = await db
    .select({ rewindSettings: stationSettings.rewindSettings })
    .from(stationSettings)
    .where(eq(stationSettings.id, settingsId))
    .get();
  if (!row?.rewindSettings) return null;
  try {
    const parsed = rewindSettings.safeParse(JSON.parse(row.rewindSettings));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let kept: { at: number; saved: RewindSettings | null } | null = null;

/** The settings in force, read from D1 at most once per `settingsTtlMs` in this isolate. */
export async function rewindSettingsInForce(db: Db, recordedMinutes: number): Promise<RewindSettings> {
  const now = Date.now();
  if (!kept || now - kept.at >= settingsTtlMs || now < kept.at) {
    kept = { at: now, saved: await readSavedRewindSettings(db) };
  }
  return effectiveRewindSettings(kept.saved, recordedMinutes);
}

export async function saveRewindSettings(db: Db, settings: RewindSettings): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insert(stationSettings)
    .values({ id: settingsId, rewindSettings: value })
    .onConflictDoUpdate({ target: stationSettings.id, set: { rewindSettings: value } });
  kept = { at: Date.now(), saved: settings };
}

/**
 * How far back (ms) a segment may start and still be served: the listeners' window, or in relay
 * mode at least the newest page a live player reads. Null: nothing may be served.
 */
export function servedReachMs(settings: RewindSettings): number | null {
  const reach = Math.max(settings.minutes * 60_000, settings.relay ? relayReachMs : 0);
  return reach > 0 ? reach : null;
}

/** In relay mode a live player starts at most this far behind the newest segment. */
export const relayReachMs = 60_000;
