// Performance reports for the rights organisations (ADR 038), for the admin only: the period,
// who files, a recording's ISRC and label as the admin corrects them, and the period's summary.
// Imported by path (not through schema/api.ts), so none of it reaches the listeners' first load.
import { z } from "zod";
import { limits } from "../limits";
import { optionalText, trimmed } from "./common";

const dayMs = 86_400_000;
/** The longest period one report covers: a year (SoundExchange asks for months; some societies for a year). */
export const reportMaxDays = 366;

const day = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${name} must be a real date`);

/** A period of whole UTC days, both ends included. */
export const reportPeriod = z
  .object({ from: day("from"), to: day("to") })
  .refine((p) => p.from <= p.to, { message: "from must not be after to", path: ["to"] })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) < reportMaxDays * dayMs, {
    message: `A report covers at most ${reportMaxDays} days`,
    path: ["to"],
  });
export type ReportPeriod = z.infer<typeof reportPeriod>;

/** The milliseconds a period covers: [start, end). */
export function periodBounds(period: ReportPeriod): { start: number; end: number } {
  return { start: Date.parse(`${period.from}T00:00:00Z`), end: Date.parse(`${period.to}T00:00:00Z`) + dayMs };
}

/** Who files the report: the header SoundExchange's Report of Use opens with (37 CFR 370.4(e)). */
export const reportFiler = z.object({
  serviceName: trimmed(255, "The name of the service is required"),
  contactName: trimmed(255, "A contact name is required"),
  street: trimmed(255, "The street address is required"),
  cityStateZip: trimmed(255, "City, state and ZIP code are required"),
  phone: trimmed(255, "A telephone number is required"),
  email: z.email({ error: "A valid e-mail address is required" }).trim().max(limits.email),
});
export type ReportFiler = z.infer<typeof reportFiler>;

/** An ISRC as the registry writes it, hyphens and spaces dropped: CC XXX YY NNNNN. */
export const isrcPattern = /^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$/;

/** A played title or artist as the history may hold it (the host's metadata, not a form's). */
const playedText = (name: string) => trimmed(4096, `${name} is required`);

export const setRecordingCodes = z.object({
  title: playedText("title"),
  artist: playedText("artist"),
  /** Blank or null: none known. */
  isrc: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").replace(/[\s-]/g, "").toUpperCase() || null)
    .refine((v) => v === null || isrcPattern.test(v), "An ISRC is 12 characters: CC-XXX-YY-NNNNN"),
  label: optionalText(limits.trackField),
});
export type SetRecordingCodes = z.infer<typeof setRecordingCodes>;

const count = z.number().int().nonnegative();

/** A recording of the period that has no ISRC, for the admin to fill in. */
export const reportRecording = z.object({
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  plays: count,
  isrc: z.string().nullable(),
  label: z.string().nullable(),
  /** Where the ISRC and label came from: the lookup, the admin, or null (not looked up yet). */
  source: z.enum(["provider", "admin"]).nullable(),
});
export type ReportRecording = z.infer<typeof reportRecording>;

export const reportSummary = z.object({
  from: z.string(),
  to: z.string(),
  plays: count,
  /** Plays the live room followed from start to end: the others have no listener figures. */
  followedPlays: count,
  recordings: count,
  recordingsWithIsrc: count,
  /** The sum over followed plays of their average listeners, each rounded. */
  performances: count,
  /** Listener-hours over the period, from the hourly listener samples. */
  tuningHours: z.number().nonnegative(),
  /** Hours of the period with listener samples, of `hours`. */
  sampledHours: count,
  hours: count,
  /** Recordings without an ISRC, most played first (at most 50), and how many there are. */
  missing: z.array(reportRecording),
  missingTotal: count,
});
export type ReportSummary = z.infer<typeof reportSummary>;
